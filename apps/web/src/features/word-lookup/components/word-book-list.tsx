import { Button, List, Pagination } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useRemoveWord } from '../api/remove-word';
import { useWordBook, WORD_BOOK_PAGE_SIZE } from '../api/list-words';
import { WordLookupCard } from './word-lookup-card';

/** 我的生词本: saved words, newest first; a word opens its card, and can be taken out. */
export function WordBookList() {
  const [page, setPage] = useState(1);
  const book = useWordBook(page);
  const remove = useRemoveWord();
  const [open, setOpen] = useState<string | null>(null);

  if (book.isPending) return <List loading dataSource={[]} />;
  if (book.isError) return <EmptyState description="生词本加载失败，请刷新页面重试" />;
  if (book.data.total === 0) {
    return (
      <EmptyState description="生词本还是空的：在练习页的“原文精读”里点击单词，即可加入生词本。" />
    );
  }
  return (
    <>
      <List
        data-testid="word-book"
        dataSource={book.data.list}
        renderItem={(entry) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="link"
                size="small"
                onClick={() => remove.mutate({ word: entry.word })}
              >
                移出
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(entry.word)}>
                  {entry.word}
                  {entry.phonetic ? ` /${entry.phonetic}/` : ''}
                </Button>
              }
              description={entry.gloss ?? '暂无中文释义'}
            />
          </List.Item>
        )}
      />
      {book.data.total > WORD_BOOK_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={WORD_BOOK_PAGE_SIZE}
          total={book.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <WordLookupCard word={open} onClose={() => setOpen(null)} />
    </>
  );
}

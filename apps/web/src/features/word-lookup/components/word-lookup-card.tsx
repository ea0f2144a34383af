import { ErrorCode, type DictionaryEntry, type PartOfSpeech } from '@ninety/contract';
import { Alert, Button, Drawer, Skeleton, Tag } from 'antd';
import { HttpError } from '../../../lib/http';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import { useAddWord } from '../api/add-word';
import { useLookUpWord } from '../api/look-up-word';
import { useRemoveWord } from '../api/remove-word';
import styles from './word-lookup.module.css';

const POS_NAMES: Record<PartOfSpeech, string> = {
  noun: '名词 n.',
  verb: '动词 v.',
  adjective: '形容词 adj.',
  adverb: '副词 adv.',
  other: '其他',
};

function inflectionNote(inflection: NonNullable<DictionaryEntry['inflection']>): string {
  const kinds = inflection.kinds.length > 0 ? inflection.kinds.join('、') : '变化形式';
  return `${inflection.form} 是 ${inflection.of} 的${kinds}`;
}

function SaveButton({ entry }: { entry: DictionaryEntry }) {
  const add = useAddWord();
  const remove = useRemoveWord();
  if (entry.isSaved) {
    return (
      <Button loading={remove.isPending} onClick={() => remove.mutate({ word: entry.word })}>
        已在生词本（移出）
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      loading={add.isPending}
      // Spec §6: saving needs an account; signed out, the login dialog opens instead.
      onClick={() => (isSignedIn() ? add.mutate({ word: entry.word }) : requestLogin())}
    >
      加入生词本
    </Button>
  );
}

function EntryView({ entry }: { entry: DictionaryEntry }) {
  const { uk, us } = entry.phonetics;
  return (
    <div data-testid="word-lookup-entry">
      {entry.inflection && <p>{inflectionNote(entry.inflection)}</p>}
      <div className={styles.phonetics} aria-label="音标">
        {uk && <span>英 /{uk}/</span>}
        {us && <span>美 /{us}/</span>}
        {!uk && !us && <span>暂无音标</span>}
      </div>
      {entry.tags.length > 0 && (
        <div className={styles.section}>
          {entry.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
      )}
      <section className={styles.section} aria-label="中文释义">
        <h3 className={styles.sectionTitle}>中文释义</h3>
        {entry.glosses.length > 0 ? (
          <ul className={styles.list}>
            {entry.glosses.map((gloss, index) => (
              <li key={index}>
                {gloss.pos && <span className={styles.pos}>{gloss.pos}</span>}
                {gloss.text}
              </li>
            ))}
          </ul>
        ) : (
          <p>词典暂无这个词的中文释义</p>
        )}
      </section>
      <section className={styles.section} aria-label="英文释义">
        <h3 className={styles.sectionTitle}>英文释义</h3>
        {entry.definitions.length > 0 ? (
          entry.definitions.map((group) => (
            <div key={group.pos}>
              <span className={styles.pos}>{POS_NAMES[group.pos]}</span>
              <ol className={styles.list}>
                {group.senses.map((sense, index) => (
                  <li key={index}>{sense}</li>
                ))}
              </ol>
            </div>
          ))
        ) : (
          <p>词典暂无这个词的英文释义</p>
        )}
      </section>
      <div className={styles.section}>
        <SaveButton entry={entry} />
      </div>
      <p className={styles.source}>
        释义与英式音标来自 ECDICT，美式音标由 CMU 发音词典换写，均为离线词典。
      </p>
    </div>
  );
}

interface WordLookupCardProps {
  /** The word to show; null keeps the card closed. */
  word: string | null;
  onClose: () => void;
}

/** The look-up card (spec §4 word-lookup event): pronunciation, Chinese gloss, definitions. */
export function WordLookupCard({ word, onClose }: WordLookupCardProps) {
  const lookup = useLookUpWord(word);
  const isUnknown = lookup.error instanceof HttpError && lookup.error.code === ErrorCode.NotFound;
  return (
    <Drawer
      open={word !== null}
      onClose={onClose}
      title={lookup.data?.word ?? word ?? ''}
      width="min(420px, 100vw)"
      destroyOnHidden
    >
      {lookup.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : lookup.isError ? (
        <Alert
          type={isUnknown ? 'info' : 'error'}
          showIcon
          message={isUnknown ? `词典中没有收录 “${word}”` : '查询失败，请稍后重试'}
        />
      ) : (
        <EntryView entry={lookup.data} />
      )}
    </Drawer>
  );
}

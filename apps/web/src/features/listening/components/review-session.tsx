import type { ListeningReviewCard, ListeningReviewCounts } from '@ninety/contract';
import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useMaterial } from '../api/get-material';
import { useReviewQueue } from '../api/get-review-queue';
import { useRemoveReviewCard } from '../api/remove-review-card';
import { MODE_ZH } from '../labels';
import { materialPath } from '../list-url';
import { useSentencePlayer } from '../player/use-sentence-player';
import { DictationPanel } from './dictation-panel';
import styles from './listening.module.css';
import { PlayerControls } from './player-controls';
import { ShadowingPanel } from './shadowing-panel';
import { SentenceText } from './listening-workspace';

/** The due counts: now, by the end of today, and the whole deck. */
export function ReviewCounts({ counts }: { counts: ListeningReviewCounts }) {
  return (
    <dl className={styles.counts} aria-label="复习数量">
      <div>
        <dt>现在到期</dt>
        <dd>{counts.dueNow}</dd>
      </div>
      <div>
        <dt>今天到期</dt>
        <dd>{counts.dueToday}</dd>
      </div>
      <div>
        <dt>复习卡片</dt>
        <dd>{counts.total}</dd>
      </div>
    </dl>
  );
}

/** One card: its material's recording locked to the card's sentence, answered in the card's mode. */
function ReviewCardView({
  card,
  onAnswered,
}: {
  card: ListeningReviewCard;
  onAnswered: () => void;
}) {
  const material = useMaterial(card.materialId);
  // The material's own cues, so the card's sentence is padded without its neighbours' words.
  const cues = useMemo(
    () => material.data?.sentences ?? [card.sentence],
    [material.data, card.sentence],
  );
  const index = material.data ? card.sentence.index : 0;
  const { player, snapshot, audioRef } = useSentencePlayer({ cues });
  const [isTextShown, setIsTextShown] = useState(false);
  const [isTranslationShown, setIsTranslationShown] = useState(false);
  const [isAnswered, setIsAnswered] = useState(false);

  useEffect(() => {
    player.select(index);
  }, [player, index, cues]);

  if (material.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const answered = () => {
    setIsAnswered(true);
    onAnswered();
  };

  return (
    <section className={styles.reviewCard} aria-label="复习卡片">
      <p className={styles.materialMeta}>
        <span>
          {card.kind === 'word' ? '单词卡' : '句子卡'} · {MODE_ZH[card.mode]}
        </span>
        <span>
          来自 <Link to={materialPath(card.materialId)}>{card.materialTitle}</Link>
        </span>
        <span>已复习 {card.reps} 次</span>
      </p>
      {card.kind === 'word' && (
        <p className={styles.modeHint}>
          {isAnswered
            ? `复习的单词：${card.word ?? ''}`
            : '听写整句：其中有一个你上次漏掉或写错的词。'}
        </p>
      )}
      <audio ref={audioRef} src={card.audioUrl} preload="auto" aria-label="复习录音" />
      <PlayerControls
        player={player}
        snapshot={snapshot}
        sentenceCount={1}
        isSingleSentence
        isTextShown={isTextShown}
        isTranslationShown={isTranslationShown}
        onToggleText={() => setIsTextShown((shown) => !shown)}
        onToggleTranslation={() => setIsTranslationShown((shown) => !shown)}
      />
      <SentenceText
        sentence={card.sentence}
        isTextShown={isTextShown}
        isTranslationShown={isTranslationShown}
        onReveal={() => setIsTextShown(true)}
      />
      {card.mode === 'dictation' ? (
        <DictationPanel
          materialId={card.materialId}
          index={card.sentence.index}
          reviewCardId={card.id}
          onAnswered={answered}
        />
      ) : (
        <ShadowingPanel
          materialId={card.materialId}
          sentence={card.sentence}
          player={player}
          reviewCardId={card.id}
          onAnswered={answered}
        />
      )}
    </section>
  );
}

function ReviewRound({
  initialCards,
  counts,
  onAgain,
}: {
  initialCards: readonly ListeningReviewCard[];
  counts: ListeningReviewCounts;
  onAgain: () => void;
}) {
  // Held, not read from the live queue: answering moves a card out of it.
  const [cards] = useState(initialCards);
  const [position, setPosition] = useState(0);
  const [isAnswered, setIsAnswered] = useState(false);
  const [removed, setRemoved] = useState(0);
  const removeCard = useRemoveReviewCard();
  const card = cards[position];
  const next = () => {
    setIsAnswered(false);
    setPosition((at) => at + 1);
  };

  if (cards.length === 0) {
    return (
      <EmptyState
        description={
          counts.nextDueAt
            ? `现在没有要复习的内容，下一张卡片 ${dayjs(counts.nextDueAt).format('M月D日 HH:mm')} 到期`
            : '还没有复习卡片：听写或跟读没做好的句子和漏掉的单词会进入这里'
        }
      />
    );
  }
  if (!card) {
    return (
      <Alert
        type="success"
        showIcon
        title={removed > 0 ? `本轮复习完成（${removed} 张已掌握，移出复习）` : '本轮复习完成'}
        action={
          <Button size="small" onClick={onAgain}>
            查看新的到期卡片
          </Button>
        }
      />
    );
  }
  return (
    <>
      <p className={styles.reviewProgress} role="status">
        第 {position + 1} / {cards.length} 张
      </p>
      <ReviewCardView key={card.id} card={card} onAnswered={() => setIsAnswered(true)} />
      <div className={styles.modeActions}>
        <Button type={isAnswered ? 'primary' : 'default'} onClick={next}>
          {isAnswered ? '下一张' : '跳过这张'}
        </Button>
        {/* Confirmed first: a card taken out is gone from the deck (its scores stay). */}
        <Popconfirm
          title="已经掌握这张卡片？"
          description="移出后它不再出现在复习中；以后听写或跟读再出错会重新加入。"
          okText="移出复习"
          cancelText="再想想"
          onConfirm={async () => {
            await removeCard.mutateAsync(card.id);
            setRemoved((count) => count + 1);
            next();
          }}
        >
          <Button loading={removeCard.isPending}>掌握了</Button>
        </Popconfirm>
      </div>
    </>
  );
}

/**
 * 今日复习: the cards due now, one at a time, each coming back as dictation or shadowing; the
 * answer grades the card on the server (FSRS) and says when it comes back. A round's cards are
 * fixed when it starts (the queue refreshing after an answer does not move the learner); the
 * counts above stay live.
 */
export function ReviewSession() {
  const queue = useReviewQueue(true);
  const [round, setRound] = useState<{
    number: number;
    cards: readonly ListeningReviewCard[];
  } | null>(null);

  return (
    <QueryState query={queue} subject="今日复习" skeletonRows={4}>
      {(data) => (
        <div className={styles.review}>
          <ReviewCounts counts={data.counts} />
          <ReviewRound
            key={round?.number ?? 0}
            initialCards={round?.cards ?? data.cards}
            counts={data.counts}
            onAgain={() => {
              void queue.refetch().then((fresh) =>
                setRound((last) => ({
                  number: (last?.number ?? 0) + 1,
                  cards: fresh.data?.cards ?? [],
                })),
              );
            }}
          />
        </div>
      )}
    </QueryState>
  );
}

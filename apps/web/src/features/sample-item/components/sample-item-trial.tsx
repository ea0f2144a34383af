import type { AttemptResult } from '@ninety/contract';
import { scoreSingleChoice } from '@ninety/scoring';
import { useEffect, useRef, useState } from 'react';
import { rmcs } from '../../../item-types/rmcs';
import { ResultPanel } from '../../../item-types/shared/result-panel';
import type { RendererProps } from '../../../item-types/types';
import { requestLogin } from '../../../lib/login-events';
import { SAMPLE_ITEMS, type SampleItem } from '../sample-items';
import styles from './sample-item.module.css';

const Renderer = rmcs.Renderer;
type Answer = RendererProps<'RMCS'>['answer'];
type Content = RendererProps<'RMCS'>['content'];

/**
 * 试做一题: the public sample item, answered and scored here in the browser from its public key
 * with the same scoring and result panel as practice; then the way to sign up. Nothing is sent.
 */
export function SampleItemTrial({ item = SAMPLE_ITEMS[0]! }: { item?: SampleItem }) {
  const [answer, setAnswer] = useState<Answer>({ chosen: [] });
  const [result, setResult] = useState<AttemptResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A fresh result takes the focus, as in practice (issue 23).
  useEffect(() => {
    if (result) heading.current?.focus();
  }, [result]);

  const submit = () =>
    setResult({
      kind: 'choices',
      ...scoreSingleChoice(item.key.correct, answer.chosen),
    } as AttemptResult);

  return (
    <div>
      <p className={styles.instruction} lang="en">
        {rmcs.instruction}
      </p>
      <Renderer
        content={item.content as unknown as Content}
        answer={answer}
        onChange={setAnswer}
        result={result}
        secondsLeft={null}
      />
      <div className={styles.actions}>
        {result ? (
          <button
            type="button"
            className="ui-button"
            onClick={() => {
              setResult(null);
              setAnswer({ chosen: [] });
            }}
          >
            再做一次
          </button>
        ) : (
          <button
            type="button"
            className="ui-button ui-button-primary"
            disabled={answer.chosen.length === 0}
            onClick={submit}
          >
            提交
          </button>
        )}
      </div>
      {result && (
        <>
          <ResultPanel
            type={item.type}
            result={result}
            answer={{ id: item.id, key: { ...item.key }, explanationZh: item.explanationZh }}
            content={{ ...item.content }}
            learnerAnswer={answer}
            isKeyShown
            headingRef={heading}
          />
          <div className={styles.signUp}>
            <p>
              这就是 Ninety 的练习方式：提交即评分，附解析和估分。注册后可练习全部 22
              种题型，口语、写作由 AI 按维度打分，并记录你的错题和进步。
            </p>
            <button
              type="button"
              className="ui-button ui-button-primary"
              onClick={() => requestLogin()}
            >
              免费注册 / 登录
            </button>
          </div>
        </>
      )}
    </div>
  );
}

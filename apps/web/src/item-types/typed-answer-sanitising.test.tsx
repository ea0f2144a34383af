import type { AnswerOf, ItemOf, WrittenTypeCode } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllItemTypes, type LoadedItemTypes } from '../testing/item-types';
import type { ContentOf, WrittenItemType } from './types';

/** Spec §5: what a learner types into WFD, LFIB and the writing box is sanitised as typed. */

let types: LoadedItemTypes;
beforeAll(async () => {
  types = await loadAllItemTypes();
});

function renderType<C extends WrittenTypeCode>(code: C) {
  const type = types[code] as unknown as WrittenItemType<C>;
  const item = buildExampleItem(code) as ItemOf<C>;
  const content = (item as unknown as { content: ContentOf<C> }).content;
  const seen: { answer: AnswerOf<C> } = { answer: type.emptyAnswer(content) };
  function Host() {
    const [answer, setAnswer] = useState(seen.answer);
    const { Renderer } = type;
    return (
      <Renderer
        content={content}
        answer={answer}
        result={null}
        secondsLeft={null}
        onChange={(next) => {
          seen.answer = next;
          setAnswer(next);
        }}
      />
    );
  }
  render(<Host />);
  return seen;
}

const typed = '  你好 The ’cat’ sat，here 😀!';
const sanitised = 'The ’cat’ sat，here !';

describe('typed answers are sanitised (spec §5)', () => {
  it('WFD', () => {
    const seen = renderType('WFD');
    fireEvent.change(screen.getByRole('textbox', { name: '听写句子' }), {
      target: { value: typed },
    });
    expect(seen.answer).toEqual({ text: sanitised });
  });

  it('LFIB', () => {
    const seen = renderType('LFIB');
    fireEvent.change(screen.getByRole('textbox', { name: '第 1 空' }), {
      target: { value: ' ①word' },
    });
    expect(seen.answer.blanks[0]).toBe('word');
  });

  it('the writing box (SWT, WE, SST)', () => {
    for (const code of ['SWT', 'WE', 'SST'] as const) {
      const seen = renderType(code);
      const boxes = screen.getAllByRole('textbox');
      fireEvent.change(boxes[boxes.length - 1]!, { target: { value: typed } });
      expect(seen.answer).toEqual({ text: sanitised });
    }
  });
});

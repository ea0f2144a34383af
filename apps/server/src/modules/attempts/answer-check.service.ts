import {
  answerProblems,
  ErrorCode,
  isWrittenType,
  ItemTypeCodeSchema,
  itemTypes,
  type Item,
  type WrittenItem,
} from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError, invalidBodyField } from '../../lib/app-error';
import { requireItem } from '../items/items.service';
import { checkRecording } from './recording-scorer';

/**
 * The checks `scoreAndStore` makes of an answer before scoring it, on their own: a mock exam
 * checks an answer before it records the item as submitted and moves the paper on, so that an
 * answer that can never be scored is refused (40001) with nothing stored.
 */
export async function checkAnswer(
  deps: { db: Db },
  itemId: string,
  answer: { kind: 'written'; answer: unknown } | { kind: 'recording'; wav: Uint8Array },
): Promise<void> {
  const row = await requireItem(deps, itemId);
  const type = ItemTypeCodeSchema.parse(row.type);
  // The bank's import validated the row's content and key against the type's schemas.
  const item = { id: row.id, type, content: row.content, key: row.answerKey } as Item;
  if (answer.kind === 'written') {
    if (!isWrittenType(type)) {
      throw new AppError(ErrorCode.InvalidInput, '口语题需要录音作答，不能用文字提交');
    }
    const [problem] = answerProblems(item as WrittenItem, answer.answer);
    if (!problem) return;
    const field = ['answer', ...problem.path].filter((part) => part !== '').join('.');
    throw invalidBodyField(field, problem.message);
  }
  if (itemTypes[type].skillArea !== 'speaking') {
    throw new AppError(ErrorCode.InvalidInput, '这道题需要文字作答，不能提交录音');
  }
  checkRecording(item, answer.wav);
}

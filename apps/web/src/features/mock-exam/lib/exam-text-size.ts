import { useState } from 'react';

/**
 * The question's text size on the exam screen (the 2025 test lets the candidate enlarge it).
 * Kept on the device, so a reload or the next question keeps the learner's choice.
 */
export const TEXT_SIZES = [
  { id: 'standard', label: 'Standard text size', scale: 1 },
  { id: 'large', label: 'Large text size', scale: 1.15 },
  { id: 'larger', label: 'Largest text size', scale: 1.3 },
] as const;
export type TextSizeId = (typeof TEXT_SIZES)[number]['id'];

const STORAGE_KEY = 'mock:text-size';

function readStored(): TextSizeId {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return TEXT_SIZES.find((size) => size.id === stored)?.id ?? 'standard';
  } catch {
    // Storage refused (private mode, quota): the standard size, for this page only.
    return 'standard';
  }
}

export function useExamTextSize(): {
  size: TextSizeId;
  scale: number;
  setSize: (size: TextSizeId) => void;
} {
  const [size, setStored] = useState<TextSizeId>(readStored);
  const setSize = (next: TextSizeId) => {
    setStored(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Kept for this page only.
    }
  };
  const scale = TEXT_SIZES.find((entry) => entry.id === size)?.scale ?? 1;
  return { size, scale, setSize };
}

import { MockPaperIdSchema } from '@ninety/contract';

/** Whether a URL's id can be a paper's at all: anything else is not asked for (a sure 400). */
export function isPaperId(value: string | undefined): value is string {
  return MockPaperIdSchema.safeParse(value).success;
}

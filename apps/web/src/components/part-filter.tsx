import { Segmented } from 'antd';

/** The four parts of the PTE exam, plus "all". */
export const partOptions = [
  { value: 'all', label: '全部' },
  { value: 'speaking', label: '口语' },
  { value: 'writing', label: '写作' },
  { value: 'reading', label: '阅读' },
  { value: 'listening', label: '听力' },
] as const;

export type Part = (typeof partOptions)[number]['value'];

export function partLabel(part: Part): string {
  return partOptions.find((option) => option.value === part)?.label ?? '';
}

interface PartFilterProps {
  value: Part;
  onChange: (part: Part) => void;
}

export function PartFilter({ value, onChange }: PartFilterProps) {
  return (
    <Segmented<Part>
      aria-label="按考试部分筛选"
      options={[...partOptions]}
      value={value}
      onChange={onChange}
    />
  );
}

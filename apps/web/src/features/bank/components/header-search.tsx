import { SearchOutlined } from '@ant-design/icons';
import { ITEM_TYPE_CODES, itemTypes, type FuzzyHit, type ItemTypeCode } from '@ninety/contract';
import { AutoComplete, Button, Input, Select, Space } from 'antd';
import type { InputProps, InputRef } from 'antd';
import { useEffect, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { useSearch } from '../api/search-items';
import { exercisePath } from './item-row';
import styles from './header-search.module.css';

const DEBOUNCE_MS = 300;

/**
 * The lists open inside the search group, not at the end of <body>: the header is sticky, and a
 * list placed on the page stayed where it opened when the page scrolled, away from its box, so
 * the option under a learner's pointer at mousedown was gone by mouseup once it realigned.
 */
const inSearchGroup = (trigger: HTMLElement) => trigger.parentElement ?? document.body;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function HitLabel({ hit }: { hit: FuzzyHit }) {
  return (
    <span className={styles.hit}>
      <span className={styles.hitHead}>
        <span className={styles.type}>{hit.typeNameZh}</span>
        <span className={styles.number}>#{hit.number}</span>
        <span className={styles.title}>{hit.title}</span>
      </span>
      {hit.snippet && <span className={styles.snippet}>{hit.snippet}</span>}
    </span>
  );
}

/**
 * The search box's input. antd's AutoComplete activates no option until an arrow key, yet sets
 * `aria-activedescendant` to the list's entry "-1", which does not exist: a screen reader is
 * pointed at nothing (issue 23). No active option is said by no attribute.
 */
function SearchInput({ ref, ...props }: InputProps & { ref?: Ref<InputRef> }) {
  const active = props['aria-activedescendant'];
  return (
    <Input
      ref={ref}
      {...props}
      aria-activedescendant={active && !active.endsWith('_-1') ? active : undefined}
    />
  );
}

/** The header's search box (spec §7 getfuzzy): type, pick a result, land on its exercise page. */
export function HeaderSearch({
  id,
  onNavigate,
  initialText = '',
  autoFocus = false,
}: {
  id: string;
  onNavigate?: () => void;
  /** What the learner typed in the header's stand-in input before this box loaded. */
  initialText?: string;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const query = useDebounced(text, DEBOUNCE_MS);
  // Spec §7 getfuzzy: isReal (真题 only) and termId (one item type) narrow the search.
  const [isReal, setIsReal] = useState(false);
  const [termId, setTermId] = useState<ItemTypeCode | undefined>(undefined);
  const search = useSearch(query, { isReal, termId });
  // Results that arrive after the learner moved on (to 真题 or the type list) must not reopen the
  // list over what they are using now: it opens only while the box has focus.
  const [focused, setFocused] = useState(autoFocus);
  const hits = query.trim() ? (search.data?.list ?? []) : [];

  const open = (hit: FuzzyHit) => {
    setText('');
    onNavigate?.();
    void navigate(exercisePath(hit));
  };

  let notFound: string | undefined;
  if (query.trim() && search.isError) notFound = '搜索失败，请稍后再试';
  else if (query.trim() && search.isSuccess && hits.length === 0) notFound = '没有找到相关题目';

  return (
    <Space.Compact className={styles.group}>
      <AutoComplete
        // An explicit id: the header and the drawer each hold one search box.
        id={id}
        className={styles.box}
        value={text}
        options={hits.map((hit) => ({ value: hit.id, label: <HitLabel hit={hit} /> }))}
        notFoundContent={notFound}
        popupMatchSelectWidth={360}
        getPopupContainer={inSearchGroup}
        open={focused ? undefined : false}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={setText}
        onSelect={(id: string) => {
          const hit = hits.find((candidate) => candidate.id === id);
          if (hit) open(hit);
        }}
      >
        <SearchInput
          aria-label="搜索题目"
          placeholder="搜索题目"
          allowClear
          autoFocus={autoFocus}
          prefix={<SearchOutlined aria-hidden />}
          onPressEnter={() => {
            const [first] = hits;
            if (first) open(first);
          }}
        />
      </AutoComplete>
      <Select
        aria-label="限定题型"
        className={styles.term}
        value={termId ?? ''}
        popupMatchSelectWidth={false}
        getPopupContainer={inSearchGroup}
        options={[
          { value: '', label: '全部题型' },
          ...ITEM_TYPE_CODES.map((code) => ({ value: code, label: itemTypes[code].nameZh })),
        ]}
        onChange={(value: ItemTypeCode | '') => setTermId(value || undefined)}
      />
      <Button
        aria-pressed={isReal}
        title="只搜上过高频榜的真题"
        type={isReal ? 'primary' : 'default'}
        onClick={() => setIsReal((on) => !on)}
      >
        真题
      </Button>
    </Space.Compact>
  );
}

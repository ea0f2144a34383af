import { Badge, Button, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import {
  filtersFromSearch,
  MaterialList,
  ReviewSession,
  searchOf,
  useReviewCounts,
} from '../../features/listening';
import { requestLogin } from '../../lib/login-events';
import { isSignedIn } from '../../lib/session';
import styles from './listening-list-page.module.css';

type Tab = 'materials' | 'review';

/**
 * 精听 (spec: IntensiveListening → ListeningList): the materials with filters and search, and the
 * 今日复习 deck with its due counts (signed in). The tab and the filters live in the URL.
 */
export function ListeningListPage() {
  const [search, setSearch] = useSearchParams();
  const signedIn = isSignedIn();
  const tab: Tab = search.get('tab') === 'review' && signedIn ? 'review' : 'materials';
  const counts = useReviewCounts(signedIn);
  const filters = filtersFromSearch(search);

  const chooseTab = (next: string) => {
    if (next === 'review' && !signedIn) {
      requestLogin();
      return;
    }
    const params = new URLSearchParams(search);
    if (next === 'review') params.set('tab', 'review');
    else params.delete('tab');
    setSearch(params);
  };

  return (
    <>
      <PageHeading
        title="精听"
        description="一句一句地听：先盲听，再听写检验，最后跟读模仿；做错的句子和漏掉的词进入今日复习。"
      />
      {counts.data && tab === 'materials' && (
        <p className={styles.due} role="status" aria-label="今日复习数量">
          今日复习：现在到期 {counts.data.dueNow} 张 · 今天到期 {counts.data.dueToday} 张 ·
          复习卡片共 {counts.data.total} 张
          {counts.data.dueNow > 0 && (
            <Button type="link" size="small" onClick={() => chooseTab('review')}>
              去复习
            </Button>
          )}
        </p>
      )}
      <Tabs
        activeKey={tab}
        onChange={chooseTab}
        items={[
          {
            key: 'materials',
            label: '精听材料',
            children: (
              <MaterialList
                filters={filters}
                signedIn={signedIn}
                onChange={(next) => setSearch(searchOf(next, search))}
              />
            ),
          },
          {
            key: 'review',
            label: (
              <Badge count={counts.data?.dueNow ?? 0} size="small" offset={[8, -2]}>
                今日复习
              </Badge>
            ),
            children: tab === 'review' ? <ReviewSession /> : null,
          },
        ]}
      />
    </>
  );
}

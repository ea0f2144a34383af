import type { MockRecord } from '@ninety/contract';
import { Button, Pagination, Progress, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { RECORDS_PER_PAGE, useRecords } from '../api/get-records';
import { examPath } from '../exam-path';
import styles from './mock-exam.module.css';

const dateTime = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function StatusCell({ record }: { record: MockRecord }) {
  if (record.status === 'in_progress') {
    return (
      <>
        <Tag color="blue">作答中</Tag>
        <span>
          已答 {record.answered} / {record.itemCount}
        </span>
      </>
    );
  }
  if (record.status === 'scoring') {
    const { done, total } = record.progress;
    return (
      <>
        <Tag color="orange">评分中</Tag>
        <Progress
          percent={total ? Math.round((done / total) * 100) : 0}
          size="small"
          aria-label="评分进度"
        />
      </>
    );
  }
  if (record.status === 'ready') return <Tag color="green">已出分</Tag>;
  return <Tag>已放弃</Tag>;
}

function ActionCell({ record }: { record: MockRecord }) {
  if (record.status === 'in_progress') {
    return (
      <Link to={examPath(record.id)} className="ui-button ui-button-primary">
        继续
      </Link>
    );
  }
  if (record.status === 'scoring' || record.status === 'ready') {
    return <Link to={`/mock/report/${record.id}`}>报告</Link>;
  }
  return null;
}

/** The learner's papers: status (in progress → 继续; scoring → progress; ready → 报告), date, overall. */
export function MockRecordList() {
  const [page, setPage] = useState(1);
  const records = useRecords(page);
  return (
    <QueryState
      query={records}
      subject="模考记录"
      isEmpty={(data) => data.total === 0}
      empty={
        <EmptyState
          description="还没有模考记录"
          action={
            <Link to="/mock/exam">
              <Button type="primary">去模考</Button>
            </Link>
          }
        />
      }
    >
      {(data) => (
        <>
          <Table<MockRecord>
            className={styles.records}
            rowKey="id"
            pagination={false}
            dataSource={data.list}
            aria-label="模考记录"
            columns={[
              {
                title: '日期',
                key: 'date',
                render: (_, record) => dateTime.format(new Date(record.createdAt)),
              },
              { title: '试卷', key: 'paper', render: (_, record) => record.blueprint.nameZh },
              {
                title: '状态',
                key: 'status',
                render: (_, record) => <StatusCell record={record} />,
              },
              {
                title: '总分',
                key: 'overall',
                render: (_, record) => (record.overall === null ? '—' : record.overall),
              },
              { title: '', key: 'action', render: (_, record) => <ActionCell record={record} /> },
            ]}
          />
          {data.total > RECORDS_PER_PAGE && (
            <Pagination
              current={page}
              pageSize={RECORDS_PER_PAGE}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

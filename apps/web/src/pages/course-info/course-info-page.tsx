import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { MaterialCatalogue } from '../../features/materials';
import styles from './course-info-page.module.css';

const PATHS = [
  {
    title: '题库练习与 AI 评分',
    text: '22 种题型的原创题，客观题按官方部分给分规则计分，口语与写作逐项给出依据和估分。',
    to: '/question',
    link: '去练习',
  },
  {
    title: '微课',
    text: '每个题型的答题策略、范例讲解与常见错误，配章节与中文字幕，换设备也能从上次的位置继续。',
    to: '/micro-course',
    link: '看微课',
  },
  {
    title: '资料',
    text: '专题与资料包：原文、答案、得分要点、范文与中文讲解，PDF 可下载打印。',
    to: '/material/index',
    link: '看资料',
  },
  {
    title: '全真模考',
    text: '按 2025 年新版考试的题型、数量与计时出题，交卷后给出总分与四项分数报告。',
    to: '/mock/exam',
    link: '去模考',
  },
];

/** 课程介绍 (course-info, public): what Ninety teaches and how the parts fit together. */
export function CourseInfoPage() {
  return (
    <>
      <PageHeading
        title="课程介绍"
        description="Ninety 的 PTE 课程由四部分组成：练、学、查、考。全部内容为原创，评分在我们自己的服务器上完成。"
      />
      <ol className={styles.paths}>
        {PATHS.map((path, index) => (
          <li key={path.to} className={styles.path}>
            <span className={styles.step} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className={styles.pathTitle}>{path.title}</h2>
              <p className={styles.pathText}>{path.text}</p>
              <Link to={path.to}>{path.link}</Link>
            </div>
          </li>
        ))}
      </ol>
      <section className={styles.section} aria-labelledby="course-info-members">
        <h2 id="course-info-members">会员</h2>
        <p>
          会员不限次数评分练习、全部模考与全部微课；按固定期限购买，不自动续费。
          <Link to="/wow-vip">了解会员</Link>
        </p>
      </section>
      <div className={styles.section}>
        <MaterialCatalogue />
      </div>
    </>
  );
}

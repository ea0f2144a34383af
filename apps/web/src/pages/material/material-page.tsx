import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { MaterialCatalogue } from '../../features/materials';

/** 资料 (material/index): the topics and packs on sale, made from our own bank. */
export function MaterialPage() {
  return (
    <>
      <PageHeading
        title="资料"
        description="由 Ninety 原创题库整理的专题与资料包：原文、答案、得分要点、范文与中文讲解，PDF 可下载打印，并可直接在线练习包含的题目。"
        extra={<Link to="/course-info">课程介绍</Link>}
      />
      <MaterialCatalogue />
    </>
  );
}

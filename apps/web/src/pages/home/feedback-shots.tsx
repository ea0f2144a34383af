import styles from './home-page.module.css';

/**
 * Real screenshots of the practice's result panel (issue 19: the landing shows what scoring
 * feedback looks like), taken from the built app with answers typed into these items. Images, not
 * code: lazy and below the first screen, they add nothing to home's first-load JavaScript.
 */
const shots = [
  {
    src: '/images/feedback-write-from-dictation.webp',
    width: 680,
    height: 407,
    alt: '听写句子（WFD）的评分结果截图：得分 10/12，漏写的 group 和拼错的 the 在句中标出，下方是原句与中文解析',
    caption: '听写句子：逐词对照原句，漏写、拼错的词直接标出，按官方规则计分并附解析。',
  },
  {
    src: '/images/feedback-summarize-written-text.webp',
    width: 680,
    height: 914,
    alt: '文本总结（SWT）的评分结果截图：内容、形式、语法、词汇四项得分与依据，要点逐条核对，附范文与解析',
    caption: '文本总结：内容、形式、语法、词汇逐项给分并说明依据，逐条核对要点，附范文。',
  },
];

export function FeedbackShots() {
  return (
    <section className={styles.feedback} aria-labelledby="home-feedback">
      <h2 id="home-feedback" className={styles.sectionTitle}>
        提交后看到的评分反馈
      </h2>
      <p className={styles.feedbackIntro}>以下是本站练习页面的真实截图。</p>
      <ul className={styles.shots}>
        {shots.map((shot) => (
          <li key={shot.src}>
            <figure className={styles.shot}>
              <img
                src={shot.src}
                width={shot.width}
                height={shot.height}
                alt={shot.alt}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{shot.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The test's countdown wording, in singular at one second ("Beginning in 1 second"). */
export function beginningIn(seconds: number): string {
  return `Beginning in ${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Han characters: a status line holding any is (also) Chinese. */
const HAN = /\p{Script=Han}/u;

/**
 * A status line of the runner, read in its own language (issue 23, WCAG 3.1.2): the test's
 * English wording ("Status: Beginning in 3 seconds", "Status: Playing", the exam's messages) is
 * marked `lang="en"`, or a screen reader on the zh-CN page reads it with Chinese phonetics; a
 * practice page's Chinese message is left in the page's language. "Status: 已关闭自动播放" is
 * both: the English label is marked and the Chinese rest is not.
 */
export function StatusText({ text }: { text: string }) {
  if (!HAN.test(text)) return <span lang="en">{text}</span>;
  const label = /^Status: /.exec(text);
  if (!label) return <>{text}</>;
  return (
    <>
      <span lang="en">Status:</span> {text.slice(label[0].length)}
    </>
  );
}

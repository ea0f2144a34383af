/**
 * The bank items marked public in `content/items/public-samples.json`, copied here so a visitor
 * can try one and have it scored in the browser without any request: their keys are public by
 * that mark, and no other item's key is in the web app. `sample-items.test.ts` keeps each copy
 * equal to its item file.
 */
export interface SampleItem {
  id: string;
  type: 'RMCS';
  title: string;
  content: {
    passage: string;
    question: string;
    options: { id: string; text: string }[];
  };
  key: { correct: string[] };
  explanationZh: string;
}

export const SAMPLE_ITEMS: readonly SampleItem[] = [
  {
    id: 'rmcs-0001',
    type: 'RMCS',
    title: 'Roman roads',
    content: {
      passage:
        'The roads built during the Roman Empire were remarkable for their durability. Engineers typically dug a trench and filled it with several layers of material, beginning with large stones and ending with a surface of closely fitted paving slabs or compacted gravel. The road was usually slightly curved, higher in the middle than at the edges, so that rainwater ran off into ditches on either side. Where possible, routes ran in straight lines, even when this meant cutting through hills or building bridges across valleys. Although the roads are famous for their military use, allowing troops to move quickly across the empire, they also carried officials, traders and messengers, and they helped to tie distant provinces to the capital. Some modern roads in Europe still follow routes first laid out by Roman engineers.',
      question: 'Which of the following is supported by the passage?',
      options: [
        {
          id: 'A',
          text: 'Roman roads were used only for moving armies.',
        },
        {
          id: 'B',
          text: 'Roman engineers avoided building bridges wherever possible.',
        },
        {
          id: 'C',
          text: 'The shape of Roman roads helped to protect them from water damage.',
        },
        {
          id: 'D',
          text: 'Most modern roads in Europe were originally built by the Romans.',
        },
        {
          id: 'E',
          text: 'Roman roads were always surfaced with gravel.',
        },
      ],
    },
    key: {
      correct: ['C'],
    },
    explanationZh:
      '文中说路面中间高、两边低，"so that rainwater ran off into ditches"，再结合首句 "remarkable for their durability"，可推出这种设计帮助道路免受水的破坏，选 C。 A 中的 only 与 "they also carried officials, traders and messengers" 矛盾；B 与 "building bridges across valleys" 相反；D 原文是 "Some modern roads"，不是 most；E 原文说路面可以是石板或碎石（paving slabs or compacted gravel），only gravel 不对。',
  },
];

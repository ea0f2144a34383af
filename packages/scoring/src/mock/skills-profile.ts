import {
  ITEM_TYPE_CODES,
  itemTypes,
  SkillSchema,
  skillNamesZh,
  traitNames,
  type ItemTypeCode,
  type PracticeSuggestion,
  type ProfileNote,
  type ScoringProfile,
  type Skill,
  type SkillsProfileEntry,
  type TraitId,
  type TraitSummary,
  type TypeSummary,
} from '@ninety/contract';
import type { ScoredItem } from './skill-scores';

/**
 * The skills profile of a mock report (next-features §1.3): the eight categories, strengths and
 * weaknesses per item type and per trait in Chinese, and which item types to practise next.
 * Thresholds come from the profile's `mock` rules; the wording lives here.
 */

/** What to work on in each type, in one sentence. */
export const TYPE_TIPS_ZH: Record<ItemTypeCode, string> = {
  PI: '自我介绍不计分，保持语速平稳即可。',
  RA: '先用准备时间按意群断句，朗读时语速均匀，读错不要回头重读。',
  RS: '边听边按意群记忆，提示音后立即开口，尽量一字不差地复述。',
  DI: '按“总述—主要数据—对比—总结”的顺序描述，先说最大、最小和趋势。',
  RL: '边听边记关键词和逻辑词，复述时覆盖主题、要点和结论。',
  ASQ: '积累常识类词汇，听清问句中的关键词后用一个词或短语作答。',
  RTS: '先说明情境和你的目的，再给出具体建议或请求，语气得体。',
  SGD: '记下每位发言人的观点，用“总—分—总”概括讨论的主要立场和结论。',
  SWT: '找出主题句和关键支持点，用一个 5–75 词的完整句子概括。',
  WE: '开头表明立场，两段主体各给理由和例子，结尾总结；控制在 200–300 词。',
  RWFIB: '先看空格前后的搭配和语法（词性、时态、单复数），再结合全文意思选词。',
  RMCM: '只选有把握的选项：多选错选会扣分，宁少勿错。',
  RO: '先找不依赖上文的首句，再用代词、连接词和时间线索把段落两两相连。',
  RFIB: '先判断每个空的词性，再用固定搭配和上下文排除干扰词。',
  RMCS: '先读题干确定要找的信息，再回原文定位，排除偷换概念的选项。',
  SST: '边听边记要点，写 50–70 词的总结，检查拼写和语法。',
  LMCM: '边听边记关键词，只选有把握的选项：多选错选会扣分。',
  LFIB: '提前预读原文判断空格词性，听到后立即拼写，注意单复数。',
  HCS: '抓住录音的主题和结论，排除只涉及细节或与原意相反的摘要。',
  LMCS: '先读题干和选项，带着问题听，注意转折后的信息。',
  SMW: '跟着录音的逻辑预测结尾，注意最后一句的语义走向。',
  HIW: '眼睛跟着原文逐词移动，听到不一致的词立即点击，不确定的不要点。',
  WFD: '先听懂整句意思再默写，注意单复数、时态和拼写。',
};

/** What to work on for a weak trait. */
export const TRAIT_TIPS_ZH: Record<TraitId, string> = {
  content: '内容要覆盖题目的主要信息和关键点。',
  appropriacy: '回应要切合情境，说明目的并给出具体的做法。',
  pronunciation: '跟读原音，注意重音、元音饱满和词尾辅音。',
  fluency: '减少停顿、重复和自我纠正，保持均匀的语速。',
  vocabulary: '用准确、符合语境的词，避免用错词和生造搭配。',
  form: '严格遵守字数和格式要求，不用全大写或项目符号。',
  grammar: '检查主谓一致、时态和句子结构。',
  development: '段落分明，用连接词让论证层层推进。',
  'linguistic-range': '使用多样的句式和表达，避免重复同一句型。',
  spelling: '作答后留时间检查拼写，英式或美式拼写保持一致。',
};

export interface SkillsProfileParts {
  typeSummaries: TypeSummary[];
  skillsProfile: SkillsProfileEntry[];
  strengths: ProfileNote[];
  weaknesses: ProfileNote[];
  practiceNext: PracticeSuggestion[];
}

const MAX_NOTES = 5;
const MAX_SUGGESTIONS = 3;

const typeLabel = (type: ItemTypeCode) => `${itemTypes[type].nameZh}（${type}）`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function summarise(items: readonly ScoredItem[]): TypeSummary[] {
  return ITEM_TYPE_CODES.flatMap((type) => {
    const ofType = items.filter((item) => item.type === type);
    if (ofType.length === 0) return [];
    const traits = new Map<TraitId, { score: number; max: number }>();
    for (const item of ofType) {
      for (const { trait, score, max } of item.traits) {
        const total = traits.get(trait) ?? { score: 0, max: 0 };
        traits.set(trait, { score: total.score + score, max: total.max + max });
      }
    }
    const traitSummaries: TraitSummary[] = [...traits]
      .filter(([, total]) => total.max > 0)
      .map(([trait, total]) => ({
        trait,
        score: total.score,
        max: total.max,
        share: Math.min(1, Math.max(0, total.score / total.max)),
      }));
    return [
      {
        type,
        score: Math.round(mean(ofType.map((item) => item.estimate))),
        items: ofType.length,
        traits: traitSummaries,
      },
    ];
  });
}

function skillsOf(type: ItemTypeCode, profile: ScoringProfile): Skill[] {
  const skills = profile.types[type]?.skills ?? {};
  return SkillSchema.options.filter((skill) => (skills[skill] ?? 0) > 0);
}

function skillWeight(type: ItemTypeCode, profile: ScoringProfile): number {
  const skills = profile.types[type]?.skills ?? {};
  return Object.values(skills).reduce((sum, weight) => sum + (weight ?? 0), 0);
}

/** The profile's parts from the scored items and the overall score (null: nothing scored). */
export function buildSkillsProfile(
  items: readonly ScoredItem[],
  overall: number | null,
  profile: ScoringProfile,
): SkillsProfileParts {
  const rules = profile.mock;
  const typeSummaries = summarise(items);

  const skillsProfile: SkillsProfileEntry[] = rules.skillsProfile.map((category) => {
    const fed = items.filter((item) => category.types.includes(item.type));
    const score = fed.length > 0 ? Math.round(mean(fed.map((item) => item.estimate))) : null;
    let level: SkillsProfileEntry['level'] = null;
    if (score !== null && overall !== null) {
      if (score >= overall + rules.strengthMargin) level = 'strong';
      else if (score <= overall - rules.weaknessMargin) level = 'weak';
      else level = 'average';
    }
    return {
      id: category.id,
      nameZh: category.nameZh,
      nameEn: category.nameEn,
      score,
      level,
      types: [...category.types],
    };
  });

  if (overall === null) {
    return { typeSummaries, skillsProfile, strengths: [], weaknesses: [], practiceNext: [] };
  }

  const strongTypes = typeSummaries
    .filter((s) => s.score >= overall + rules.strengthMargin && s.score >= rules.strengthMin)
    .sort((a, b) => b.score - a.score);
  const weakTypes = typeSummaries
    .filter((s) => !strongTypes.includes(s))
    .filter((s) => s.score <= overall - rules.weaknessMargin || s.score < rules.weaknessBelow)
    .sort((a, b) => a.score - b.score);

  const traitNotes = typeSummaries.flatMap((s) => s.traits.map((t) => ({ type: s.type, ...t })));
  const strongTraits = traitNotes
    .filter((t) => t.share >= rules.strongTraitShare)
    .sort((a, b) => b.share - a.share);
  const weakTraits = traitNotes
    .filter((t) => t.share < rules.weakTraitShare)
    .sort((a, b) => a.share - b.share);

  const strengths: ProfileNote[] = [
    ...strongTypes.slice(0, MAX_NOTES).map((s) => ({
      type: s.type,
      trait: null,
      textZh: `${typeLabel(s.type)}平均 ${s.score} 分，高于你的总分 ${overall} 分，是你的强项。`,
    })),
    ...strongTraits.slice(0, MAX_NOTES).map((t) => ({
      type: t.type,
      trait: t.trait,
      textZh: `${typeLabel(t.type)}的${traitNames[t.trait].nameZh}得分率 ${percent(t.share)}，表现稳定。`,
    })),
  ];
  const weaknesses: ProfileNote[] = [
    ...weakTypes.slice(0, MAX_NOTES).map((s) => ({
      type: s.type,
      trait: null,
      textZh:
        `${typeLabel(s.type)}平均 ${s.score} 分` +
        (s.score < overall ? `，低于你的总分 ${overall} 分` : '') +
        `。${TYPE_TIPS_ZH[s.type]}`,
    })),
    ...weakTraits.slice(0, MAX_NOTES).map((t) => ({
      type: t.type,
      trait: t.trait,
      textZh: `${typeLabel(t.type)}的${traitNames[t.trait].nameZh}得分率只有 ${percent(t.share)}。${TRAIT_TIPS_ZH[t.trait]}`,
    })),
  ];

  // Practise first where the gap to 90 is widest, counting twice a type that feeds two skills.
  const gain = (s: TypeSummary) => (90 - s.score) * skillWeight(s.type, profile);
  const candidates = weakTypes.length > 0 ? weakTypes : typeSummaries.filter((s) => s.score < 90);
  const practiceNext: PracticeSuggestion[] = [...candidates]
    .sort((a, b) => gain(b) - gain(a) || a.score - b.score)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => ({
      type: s.type,
      reasonZh:
        `${typeLabel(s.type)}平均 ${s.score} 分，计入${skillsOf(s.type, profile)
          .map((skill) => skillNamesZh[skill])
          .join('和')}。` + TYPE_TIPS_ZH[s.type],
    }));

  return { typeSummaries, skillsProfile, strengths, weaknesses, practiceNext };
}

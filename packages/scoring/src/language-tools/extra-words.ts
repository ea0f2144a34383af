/**
 * What the Hunspell dictionaries lack but learners rightly write (issue 17), as data with a test
 * (extra-words.test.ts). Everyday current words with their inflections, common proper names, and
 * British forms; hyphenated words whose first part is a prefix and accented words are accepted by
 * rule in language-tools.ts, not listed.
 */
export const CURRENT_WORDS = `
wellbeing renewables cyber online email emails website websites
influencer influencers cyberbullying cyberbully cybersecurity cyberattack cyberattacks
lockdown lockdowns biofuel biofuels chatbot chatbots wearable wearables megacity megacities
telemedicine telehealth fintech upskilling upskill upskilled reskilling reskill
livestream livestreams livestreaming livestreamed podcast podcasts podcasting smartwatch
smartwatches vlog vlogs vlogger vloggers blogger bloggers selfie selfies hashtag hashtags emoji
emojis blockchain cryptocurrency cryptocurrencies microplastics microplastic greenwashing
ecotourism teleworking telework teleworker teleworkers coworking coworker coworkers
smartphone smartphones app apps touchscreen touchscreens ebook ebooks elearning eco
infographic infographics broadband wifi bitcoin startup startups gig unfollow microchip
geoengineering rewilding agritech edtech biotech nanotech superbug superbugs
misinformation disinformation deepfake deepfakes algorithmic offline hackathon crowdfunding
crowdsourcing crowdsourced carpool carpooling rideshare ridesharing metaverse screentime
`;

export const PROPER_NAMES = `
shenzhen wechat tiktok airbnb uber covid weibo alipay taobao douyin youtube facebook instagram
google amazon netflix huawei xiaomi tencent alibaba baidu guangzhou chengdu hangzhou wuhan
chongqing nanjing tianjin suzhou xiamen qingdao kunming harbin beijing shanghai hong kong
macau taiwan singapore linkedin whatsapp twitter spotify tesla zoom chatgpt openai wikipedia
`;

export const BRITISH_FORMS = `
foetus foetuses foetal annexe annexes incentivise incentivised incentivises incentivising
prioritise prioritised prioritises prioritising monetise monetised monetising digitise
digitised digitising decarbonise decarbonised decarbonising
`;

/** First parts of hyphenated words that are not words alone: pre-existing, socio-economic. */
export const HYPHEN_PREFIXES = new Set(
  `pre post socio eco geo anti non multi co re bio inter intra micro macro semi sub ultra neo
  pro trans counter cyber e tele agro euro afro sino psycho neuro techno mega mini quasi pseudo
  proto infra extra hyper mid ex self bi tri uni de mis`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

export function wordsOf(list: string): string[] {
  return list.split(/\s+/).filter((word) => word.length > 0);
}

/**
 * Everything the Arabic public pages (/ar/…) say, in Modern Standard Arabic, for readers in
 * Algeria. The agency's contact details, prices, dates, pictures, icons and addresses come from
 * the French catalogue (index.ts), the one place they are written; this module gives each
 * item its Arabic words, matched by id (or by position where items have none), and throws
 * when an item of either catalogue has no counterpart in the other.
 */
import { localeOf, ROUTES, textsLanguage, type Language } from '../../shared/domain/routes.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import { fr } from './index.ts';
import type { Banner, Catalogue, Founder, PageMetaTable, UiText } from './types.ts';

/** Each French item with its Arabic words, matched by position; the counts must agree. */
function inOrder<T, W extends object>(
  name: string,
  items: readonly T[],
  words: readonly W[],
): (T & W)[] {
  if (items.length !== words.length) {
    throw new Error(`Catalogue arabe, ${name} : ${words.length} traductions pour ${items.length}.`);
  }
  return items.map((item, i) => ({ ...item, ...(words[i] as W) }));
}

/** Each French item with its Arabic words, matched by id; an id without words throws. */
function byId<T extends { id: string }, W extends Partial<T>>(
  name: string,
  items: readonly T[],
  words: Readonly<Record<string, W>>,
) {
  const extra = Object.keys(words).filter((id) => !items.some((item) => item.id === id));
  if (extra.length > 0) throw new Error(`Catalogue arabe, ${name} : ${extra.join(', ')} en trop.`);
  return items.map((item) => {
    const translated = words[item.id];
    if (!translated) throw new Error(`Catalogue arabe, ${name} : ${item.id} sans traduction.`);
    return { ...item, ...translated };
  });
}

const NAME = AGENCY_NAMES.ar;

const agency: Catalogue['agency'] = {
  ...fr.agency,
  name: NAME,
  tagline: 'وكالتكم الرقمية في تلمسان: تطوير وتصميم وإنتاج سمعي بصري.',
  about: `${NAME} وكالة رقمية مقرّها تلمسان، في خدمة مؤسسات الغرب الجزائري. نصمّم مواقع الويب والتطبيقات الجوالة والهويات البصرية ومقاطع الفيديو، وندير صفحاتكم على شبكات التواصل الاجتماعي. فريق واحد يرافقكم من الفكرة إلى الإطلاق.`,
  address: {
    ...fr.agency.address,
    street: '12، شارع الاستقلال',
    town: 'تلمسان',
    region: 'ولاية تلمسان',
    country: 'الجزائر',
    display: '12، شارع الاستقلال، 13000 تلمسان، الجزائر',
  },
  openingHours: 'من الأحد إلى الخميس، من 8:30 إلى 17:30؛ دعم متواصل على مدار الساعة طوال الأسبوع',
  socials: inOrder('réseaux', fr.agency.socials, [
    { label: `صفحة ${NAME} على فيسبوك` },
    { label: `حساب ${NAME} على إنستغرام` },
    { label: `صفحة ${NAME} على لينكدإن` },
    { label: `حساب ${NAME} على تيك توك` },
  ]),
  copyright: NAME,
};

const navItems = inOrder('navigation', fr.navItems, [
  { label: 'الرئيسية' },
  { label: 'الخدمات' },
  { label: 'أعمالنا' },
  { label: 'الفريق' },
  { label: 'اتصلوا بنا' },
  { label: 'الخصوصية' },
]);

const banners = inOrder<Banner, Partial<Banner> & { alt: string }>('bannières', fr.banners, [
  {
    alt: 'رسم توضيحي لشاشة حاسوب تعرض موقع ويب قيد الإنشاء، تحيط به وسوم برمجية',
    title: 'مواقع ويب تعمل لصالحكم',
    text: 'مواقع تعريفية ومواقع ديناميكية ومتاجر إلكترونية، سريعة ومتوافقة مع جميع الشاشات.',
  },
  {
    alt: 'رسم توضيحي لهاتفين ذكيين ولوحة رقمية تعرض تطبيقًا جوالًا',
    title: 'تطبيقكم في جيوب زبائنكم',
    text: 'نطوّر تطبيقاتكم لأندرويد وآيفون والحاسوب، من النموذج الأولي إلى النشر.',
  },
  {
    alt: 'رسم توضيحي لدرع وقفل يحميان خادمًا وبيانات',
    title: 'احموا بياناتكم',
    text: 'تدقيق مواقعكم وأنظمتكم وتأمينها ومراقبتها من الهجمات.',
  },
  {
    alt: 'رسم توضيحي لشعار على بطاقة زيارة، ولوحة ألوان ولافتة إشهارية',
    title: 'هوية بصرية تعبّر عنكم',
    text: 'شعارات ومواثيق بصرية وبطاقات زيارة ولافتات إشهارية جاهزة للطباعة.',
  },
  {
    alt: 'رسم توضيحي لكاميرا ولوح تصوير سينمائي وأيقونات شبكات التواصل الاجتماعي',
    title: 'اجعلوا الناس يتحدثون عنكم',
    text: 'فيديوهات إشهارية ومونتاج وإدارة لشبكاتكم الاجتماعية للوصول إلى جمهوركم.',
  },
  {
    alt: 'رسم توضيحي لقاعة تكوين فيها مكوّن أمام شاشة ومشاركون',
    title: 'تكوّنوا في مهن الرقمنة',
    text: 'تكوينات حضورية أو عن بُعد أو بشهادة دولية، يؤطّرها مختصون.',
  },
]).map(({ alt, ...banner }) => ({ ...banner, image: { ...banner.image, alt } }));

const counters = inOrder('compteurs', fr.counters, [
  {
    label: 'زبائن راضون',
    sentence: {
      zero: 'لا زبائن راضين',
      one: 'زبون واحد راضٍ',
      two: 'زبونان راضيان',
      few: '{n} زبائن راضين',
      many: '{n} زبونًا راضيًا',
      other: '{n} زبون راضٍ',
    },
  },
  {
    label: 'مشاريع منجزة',
    sentence: {
      zero: 'لا مشاريع منجزة',
      one: 'مشروع واحد منجز',
      two: 'مشروعان منجزان',
      few: '{n} مشاريع منجزة',
      many: '{n} مشروعًا منجزًا',
      other: '{n} مشروع منجز',
    },
  },
  {
    label: 'شهادات',
    sentence: {
      zero: 'لا شهادات',
      one: 'شهادة واحدة',
      two: 'شهادتان',
      few: '{n} شهادات',
      many: '{n} شهادة',
      other: '{n} شهادة',
    },
  },
]);

const reasons = inOrder('raisons', fr.reasons, [
  {
    title: 'الأفضل في القطاع',
    text: 'إنجازاتنا ووفاء زبائننا يجعلان منّا مرجعًا في المجال الرقمي بالغرب الجزائري.',
  },
  {
    title: 'كفاءات وتكنولوجيا',
    text: 'نعمل بأدوات حديثة ومجرَّبة، نختارها من أجل أداء مشاريعكم وطول عمرها.',
  },
  {
    title: 'فريق محترف',
    text: 'مطوّرون ومصمّمون ومخرجو فيديو حاصلون على شهادات يعملون معًا على كل مشروع، ومخاطَب واحد يتابع مشروعكم.',
  },
  {
    title: 'مجالات متنوعة',
    text: 'من موقع الويب إلى الفيديو الإشهاري، مرورًا بأمن المعلومات والطباعة، كل شيء تحت سقف واحد.',
  },
  {
    title: 'مرافقة واستشارة',
    text: 'نساعدكم على تحديد احتياجاتكم وميزانيتكم، ثم نبقى إلى جانبكم بعد التسليم.',
  },
  {
    title: 'دعم على مدار الساعة، 7 أيام في الأسبوع',
    text: 'سؤال أو طارئ؟ فريق الدعم لدينا يجيبكم في أي ساعة، بما في ذلك نهاية الأسبوع.',
  },
]);

const services = byId('services', fr.services, {
  'developpement-web': {
    title: 'تطوير مواقع الويب',
    text: 'مواقع على ووردبريس أو مطوَّرة حسب الطلب، سريعة وآمنة وسهلة التحديث.',
  },
  'applications-mobiles': {
    title: 'التطبيقات الجوالة',
    text: 'تطبيقات لأندرويد وآيفون والحاسوب، مصمَّمة لزبائنكم ولفرق عملكم.',
  },
  cybersecurite: {
    title: 'الأمن السيبراني',
    text: 'تدقيق أمني، وحماية مواقعكم وبياناتكم، ونسخ احتياطي ومراقبة.',
  },
  'logo-identite': {
    title: 'الشعار والهوية البصرية',
    text: 'تصميم شعارات ومواثيق بصرية تجعل علامتكم معروفة ومميَّزة.',
  },
  'panneaux-publicitaires': {
    title: 'اللافتات الإشهارية',
    text: 'تصميم لافتات ولوحات وأشرطة إشهارية مقروءة من بعيد، جاهزة للطباعة.',
  },
  'cartes-de-visite': {
    title: 'بطاقات الزيارة',
    text: 'بطاقات زيارة أنيقة، وفيّة لهويتكم، نصمّمها ونطبعها لكم.',
  },
  'reseaux-sociaux': {
    title: 'إدارة شبكات التواصل الاجتماعي',
    text: 'تنشيط صفحاتكم على فيسبوك وإنستغرام وتيك توك: منشورات منتظمة وردود على متابعيكم.',
  },
  'gestion-campagnes': {
    title: 'إدارة الحملات',
    text: 'حملات ممولة موجَّهة، نتابعها ونعدّلها لتحقيق أفضل نتيجة من ميزانيتكم.',
  },
  'creation-contenu': {
    title: 'صناعة المحتوى',
    text: 'تصاميم ونصوص وفيديوهات قصيرة ملائمة لكل شبكة ولجمهوركم.',
  },
  'montage-video': {
    title: 'مونتاج الفيديو',
    text: 'مونتاج وتنسيق بصري وترجمة مكتوبة وتصحيح ألوان لفيديوهاتكم على الويب والشبكات الاجتماعية.',
  },
  'videos-publicitaires': {
    title: 'الفيديوهات الإشهارية',
    text: 'من السيناريو إلى التصوير والمونتاج، فيديوهات تعرّف بنشاطكم في ثوانٍ معدودة.',
  },
});

const training: Catalogue['training'] = {
  title: 'تكويناتنا',
  intro: 'طوّروا مهاراتكم في البرمجة أو التصميم أو السمعي البصري مع مكوّنينا، بالصيغة التي تناسبكم.',
  offers: inOrder('formations', fr.training.offers, [
    {
      title: 'تكوين حضوري',
      text: 'حصص في مجموعات صغيرة بمقرّنا في تلمسان، مع مكوّن إلى جانبكم.',
      points: [
        'مجموعات محدودة العدد لمتابعة شخصية',
        'تمارين تطبيقية على مشاريع حقيقية',
        'شهادة تكوين في نهاية الدورة',
      ],
    },
    {
      title: 'تكوين بشهادات دولية',
      text: 'مسارات معتمدة يُعترَف بشهاداتها خارج الوطن.',
      points: ['شهادات معترف بها دوليًا', 'برامج مطابقة لمعايير المهنة', 'تحضير لامتحانات الاعتماد'],
    },
    {
      title: 'تكوين عن بُعد',
      text: 'دروس مباشرة على منصة احترافية للتحاضر المرئي، أينما كنتم.',
      points: [
        'دروس مباشرة مع المكوّن',
        'منصة تحاضر مرئي احترافية، مستقرة وآمنة',
        'مواعيد تناسب الطلبة والموظفين',
      ],
    },
  ]),
};

const plans = byId('formules', fr.plans, {
  'site-statique': {
    title: 'موقع ثابت',
    summary: 'موقع تعريفي بلغة HTML/CSS أو على ووردبريس',
    priceUnit: 'للموقع',
    features: [
      'حتى 5 صفحات',
      'تصميم متوافق مع الهواتف واللوحات',
      'استمارة اتصال',
      'تهيئة أساسية لمحركات البحث',
      'النشر على الإنترنت مشمول',
    ],
  },
  'site-dynamique': {
    title: 'موقع ديناميكي',
    summary: 'موقع تحدّثونه بأنفسكم',
    priceUnit: 'للموقع',
    features: [
      'عدد غير محدود من الصفحات',
      'لوحة إدارة لتسيير محتوياتكم',
      'مدوّنة أو أخبار',
      'تصميم متوافق مع الهواتف واللوحات',
      'تهيئة متقدّمة لمحركات البحث',
      'تدريب على استعمال الموقع',
    ],
  },
  'application-mobile': {
    title: 'تطبيق جوال',
    summary: 'تطبيق لأندرويد وآيفون',
    priceUnit: 'للتطبيق',
    features: [
      'متوافق مع أندرويد وآيفون',
      'نماذج أولية ومسارات المستخدم',
      'إشعارات',
      'النشر على متاجر التطبيقات',
      'ثلاثة أشهر من الصيانة',
    ],
  },
  'publicite-sponsorisee': {
    title: 'الإشهار الممول',
    summary: 'حملات على فيسبوك وإنستغرام وتيك توك',
    priceUnit: 'للحملة',
    features: [
      'اختيار الشبكات والصيغ الإشهارية',
      'استهداف حسب المنطقة والسن والاهتمامات',
      'تصميم الصور المرئية للحملة',
      'متابعة الحملة وتعديلها أثناء سيرها',
      'تقرير بالنتائج',
    ],
  },
  'suivi-de-page': {
    title: 'متابعة الصفحة',
    summary: 'إدارة صفحاتكم على شبكات التواصل الاجتماعي',
    priceUnit: 'شهريًا',
    features: [
      'إدارة شبكتين اجتماعيتين',
      'رزنامة النشر',
      '12 منشورًا في الشهر',
      'الرد على الرسائل والتعليقات',
      'تقرير شهري',
    ],
  },
  'suivi-et-creation': {
    title: 'المتابعة وصناعة المحتوى',
    summary: 'نتولّى إدارة صفحاتكم وصناعة محتوياتكم',
    priceUnit: 'شهريًا',
    features: [
      'كل خدمات متابعة الصفحة',
      'تصاميم مرئية حسب الطلب',
      'فيديوهان قصيران في الشهر',
      'كتابة نصوص المنشورات',
      'تقرير شهري مفصّل',
    ],
  },
  'shooting-photo': {
    title: 'جلسة تصوير احترافية',
    summary: 'صور لمنتجاتكم أو مقرّكم أو فريقكم',
    priceUnit: 'للجلسة',
    features: ['جلسة مدتها ساعتان', 'مصوّر ومعدات احترافية', '20 صورة معدَّلة', 'ملفات عالية الدقة'],
  },
  'video-publicitaire': {
    title: 'فيديو إشهاري',
    summary: 'فيديو قصير للتعريف بنشاطكم',
    priceUnit: 'للفيديو',
    features: [
      'كتابة السيناريو',
      'التصوير في عين المكان',
      'المونتاج وموسيقى خالية من حقوق الاستغلال',
      'صيغة ملائمة لشبكات التواصل الاجتماعي',
    ],
  },
  'video-motion-design': {
    title: 'فيديو موشن ديزاين',
    summary: 'رسوم متحركة تشرح عرضكم',
    priceUnit: 'للفيديو',
    features: [
      'النص والقصة المصوَّرة',
      'تحريك نصوصكم وشعاراتكم ورسوماتكم',
      'تعليق صوتي أو ترجمة مكتوبة',
      'حتى 60 ثانية',
      'جولتان من التعديلات',
    ],
  },
});

const portfolio = byId('portfolio', fr.portfolio, {
  'boulangerie-epis-dor': {
    title: 'موقع تعريفي وطلب الحلويات',
    client: 'مخبزة السنابل الذهبية',
    category: 'موقع تعريفي',
  },
  'clinique-les-oliviers': {
    title: 'موقع لحجز المواعيد الطبية',
    client: 'عيادة الزيتون',
    category: 'موقع ديناميكي',
  },
  'auto-location-tlemcen': {
    title: 'تطبيق لحجز السيارات',
    client: 'تلمسان لكراء السيارات',
    category: 'تطبيق جوال',
  },
  'immobilier-les-remparts': {
    title: 'فهرس عقارات على الإنترنت',
    client: 'وكالة الأسوار العقارية',
    category: 'موقع ديناميكي',
  },
  'ecole-les-jasmins': {
    title: 'موقع وفضاء للأولياء',
    client: 'مدرسة الياسمين الخاصة',
    category: 'موقع ديناميكي',
  },
  'restaurant-terrasse-mansourah': {
    title: 'موقع تعريفي وقائمة طعام على الإنترنت',
    client: 'مطعم شرفة المنصورة',
    category: 'موقع تعريفي',
  },
  'hotel-les-cascades': {
    title: 'موقع لحجز الغرف',
    client: 'فندق الشلالات',
    category: 'موقع ديناميكي',
  },
  'medina-mode': {
    title: 'متجر ملابس على الإنترنت',
    client: 'متجر مدينة للأزياء',
    category: 'تجارة إلكترونية',
  },
  'transports-express-ouest': {
    title: 'تطبيق لتتبّع التوصيلات',
    client: 'النقل السريع للغرب',
    category: 'تطبيق جوال',
  },
  'tlemcen-solidarite': {
    title: 'موقع جمعوي ونداء للتبرع',
    client: 'جمعية تلمسان للتضامن',
    category: 'موقع تعريفي',
  },
});

const PROJECT_ALTS: Readonly<Record<string, string>> = {
  'boulangerie-epis-dor': 'الصفحة الرئيسية لموقع مخبزة، مع خبز وحلويات معروضة في الواجهة',
  'clinique-les-oliviers': 'صفحة عيادة تعرض تخصصاتها ورزنامة للمواعيد',
  'auto-location-tlemcen': 'شاشات تطبيق جوال لكراء السيارات مع فهرس للمركبات',
  'immobilier-les-remparts': 'موقع وكالة عقارية يعرض إعلانات شقق وفيلات',
  'ecole-les-jasmins': 'موقع مدرسة خاصة يُظهر قسمًا دراسيًا والرزنامة المدرسية',
  'restaurant-terrasse-mansourah': 'موقع مطعم يعرض قائمة طعامه وصورًا لأطباقه',
  'hotel-les-cascades': 'موقع فندق مع غرفة ومسبح واستمارة حجز',
  'medina-mode': 'متجر ملابس على الإنترنت يعرض منتجات وسلة مشتريات',
  'transports-express-ouest': 'تطبيق جوال لتتبّع الشاحنات على خريطة مع حالة التوصيلات',
  'tlemcen-solidarite': 'موقع جمعية يعرض نشاطاتها التضامنية وزرًّا للتبرع',
};

const founders = inOrder<Founder, Partial<Founder> & { alt: string; linkLabels: string[] }>(
  'fondateurs',
  fr.founders,
  [
    {
      role: 'مطوّر متكامل',
      bio: 'يصمّم مواقعكم وتطبيقاتكم من البداية إلى النهاية، من الواجهة إلى الخادم وقاعدة البيانات.',
      alt: 'صورة مرسومة للمطوّر المتكامل',
      linkLabels: ['حساب المطوّر المتكامل على غيت هب', 'حساب المطوّر المتكامل على لينكدإن'],
    },
    {
      role: 'مهندس برمجيات',
      bio: 'يضع هندسة مشاريعكم ويسهر على موثوقيتها وأمنها وأدائها.',
      alt: 'صورة مرسومة لمهندس البرمجيات',
      linkLabels: [
        'حساب مهندس البرمجيات على غيت هب',
        'حساب مهندس البرمجيات على لينكدإن',
        'الموقع الشخصي لمهندس البرمجيات',
      ],
    },
    {
      role: 'مخرج فيديو ومصمّم',
      bio: 'يتولّى تصوير علامتكم ومونتاجها وتصميمها، من الشعار إلى الفيديو الإشهاري.',
      alt: 'صورة مرسومة لمخرج الفيديو والمصمّم',
      linkLabels: [
        'حساب مخرج الفيديو والمصمّم على بيهانس',
        'حساب مخرج الفيديو والمصمّم على إنستغرام',
        'حساب مخرج الفيديو والمصمّم على لينكدإن',
      ],
    },
  ],
).map(({ alt, linkLabels, ...founder }, i) => ({
  ...founder,
  photo: { ...founder.photo, alt },
  links: inOrder(
    `liens du fondateur ${i + 1}`,
    founder.links,
    linkLabels.map((label) => ({ label })),
  ),
}));

const workTeam = inOrder('équipe', fr.workTeam, [
  { role: 'مطوّر واجهات أمامية', studyLevel: 'ماستر في الإعلام الآلي' },
  { role: 'مطوّر واجهات خلفية', studyLevel: 'مهندس دولة في الإعلام الآلي' },
  { role: 'مطوّر تطبيقات جوالة', studyLevel: 'ليسانس في الإعلام الآلي' },
  {
    role: 'مصمّم واجهات وتجربة المستخدم',
    studyLevel: 'ماستر في الإعلام الآلي، تخصص التفاعل بين الإنسان والآلة',
  },
  { role: 'مصمّم غرافيك', studyLevel: 'ليسانس في التصميم الغرافيكي' },
  { role: 'محلّل في الأمن السيبراني', studyLevel: 'ماستر في أمن المعلومات' },
  { role: 'مسيّر شبكات التواصل الاجتماعي', studyLevel: 'ليسانس في علوم الإعلام والاتصال' },
  { role: 'مسؤول الحملات الإشهارية', studyLevel: 'ماستر في التسويق الرقمي' },
  { role: 'كاتب محتوى', studyLevel: 'ليسانس في اللغة والأدب الفرنسي' },
  { role: 'مخرج فيديو', studyLevel: 'تقني سامٍ في السمعي البصري' },
  { role: 'مركّب فيديو ومصمّم رسوم متحركة', studyLevel: 'تقني سامٍ في الإعلام الآلي الغرافيكي' },
  { role: 'رئيس مشروع', studyLevel: 'ماستر في إدارة المشاريع' },
]);

const privacy: Catalogue['privacy'] = {
  intro: `في ${NAME} نحترم حياتكم الخاصة. إليكم، في أسطر واضحة، ما نفعله بالمعلومات التي تأتمنوننا عليها.`,
  updated: fr.privacy.updated,
  sections: byId('politique', fr.privacy.sections, {
    introduction: {
      title: 'تمهيد',
      paragraphs: [
        `تشرح هذه السياسة المعطيات الشخصية التي تجمعها ${NAME} عبر استمارة الاتصال في هذا الموقع، وسبب جمعها وكيفية حمايتها.`,
        'وتندرج في إطار القانون رقم 18-07 المؤرخ في 10 جوان 2018، المتعلق بحماية الأشخاص الطبيعيين في مجال معالجة المعطيات ذات الطابع الشخصي.',
      ],
    },
    utilisation: {
      title: 'استعمال المعلومات',
      paragraphs: [
        'عندما تراسلوننا، نجمع المعلومات التي تدخلونها في الاستمارة: اسمكم الكامل، والخدمة التي تهمّكم، وبريدكم الإلكتروني، ورقم هاتفكم، وموضوع رسالتكم ومحتواها، وكذلك تاريخ الإرسال.',
        'تُستعمل هذه المعلومات فقط للرد على طلبكم، وإن رغبتم، لإعداد عرض سعر أو لمتابعة مشروعكم. ولا نستعملها لأغراض الترويج دون موافقتكم.',
        'نحتفظ بها طوال المدة اللازمة لمعالجة طلبكم ومتابعة تواصلنا، ثم اثني عشر شهرًا على الأكثر بعد آخر اتصال بيننا، قبل حذفها.',
      ],
    },
    partage: {
      title: 'مشاركة المعلومات',
      paragraphs: [
        'لا نبيع معطياتكم ولا نؤجّرها ولا نتنازل عنها لأي طرف آخر. ولا يطّلع عليها إلا أعضاء فريقنا المكلَّفون بمعالجة طلبكم.',
        'تُحفَظ لدى مزوّد الاستضافة الذي نتعامل معه، وهو يخزّنها لحسابنا ولا يحق له استعمالها لأغراضه الخاصة. ولا نبلّغها لأي سلطة إلا إذا ألزمنا القانون بذلك.',
      ],
    },
    protection: {
      title: 'حماية المعلومات',
      paragraphs: [
        'الاتصال بين متصفحكم وموقعنا مشفّر. والاطلاع على الرسائل الواردة مقصور على حساب إدارة محميّ.',
        'ولأنه لا يوجد نظام معصوم من الخطأ، لا يمكننا ضمان أمان مطلق، لكننا نطبّق تدابير تقنية وتنظيمية ملائمة لتفادي أي ضياع لمعطياتكم أو وصول غير مرخَّص إليها أو إفشاء لها.',
      ],
    },
    droits: {
      title: 'حقوقكم',
      paragraphs: ['طبقًا للقانون رقم 18-07، تتمتعون بالحقوق الآتية على المعطيات التي تخصّكم:'],
      list: [
        'حق الاطلاع: معرفة ما إذا كنا نحوز معطيات تخصّكم والحصول على نسخة منها؛',
        'حق التصحيح: تصحيح المعطيات غير الدقيقة أو الناقصة؛',
        'حق الحذف: طلب محو معطياتكم؛',
        'حق الاعتراض: الاعتراض، لسبب مشروع، على معالجة معطياتكم.',
      ],
    },
    modifications: {
      title: 'تعديلات السياسة',
      paragraphs: [
        'قد نحدّث هذه السياسة لمواكبة تطوّر الموقع أو التنظيم. يظهر تاريخ آخر تحديث أسفل هذه الصفحة، وندعوكم إلى الاطلاع عليها بانتظام.',
      ],
    },
    contact: {
      title: 'اتصلوا بنا',
      paragraphs: [
        'لممارسة حقوقكم أو لأي سؤال حول هذه السياسة، راسلونا على العنوان أدناه. وسنردّ عليكم في أقرب الآجال.',
      ],
    },
  }),
};

const pageMeta: PageMetaTable = {
  ...fr.pageMeta,
  [ROUTES.home]: {
    title: 'وكالة رقمية في تلمسان',
    description:
      'وكالة رقمية في تلمسان: مواقع ويب وتطبيقات جوالة وأمن سيبراني وتصميم وفيديو وشبكات اجتماعية لمؤسسات الغرب الجزائري.',
    heading: 'وكالتكم الرقمية في تلمسان',
  },
  [ROUTES.services]: {
    title: 'الخدمات والأسعار',
    description:
      'تطوير الويب والتطبيقات الجوالة، التصميم، الفيديو وإدارة شبكات التواصل الاجتماعي: اكتشفوا خدماتنا وأسعارنا الابتدائية بالدينار الجزائري.',
    heading: 'خدماتنا وأسعارنا',
    intro:
      'من موقع الويب إلى الفيديو الإشهاري، فريق واحد لكل مشاريعكم: اختاروا خدمة واطلبوها في بضع نقرات.',
  },
  [ROUTES.portfolio]: {
    title: 'أعمالنا',
    description:
      'مواقع تعريفية ومواقع ديناميكية ومتاجر إلكترونية وتطبيقات جوالة: اكتشفوا المشاريع التي أنجزناها لزبائننا في منطقة تلمسان.',
    heading: 'أعمالنا',
    intro:
      'بعض المشاريع التي أنجزناها لمؤسسات وجمعيات من المنطقة: لكل مشروع اسم الزبون والتاريخ ورابط إلى المشروع على الإنترنت.',
  },
  [ROUTES.team]: {
    title: 'فريقنا',
    description:
      'ثلاثة أعضاء مؤسسين واثنا عشر محترفًا حاصلين على شهادات في البرمجة والتصميم والتسويق والسمعي البصري، مجتمعون لإنجاح مشاريعكم.',
    heading: 'فريقنا',
    intro:
      'وراء كل مشروع خمسة عشر شخصًا: ثلاثة أعضاء مؤسسين واثنا عشر محترفًا في البرمجة والتصميم والتسويق والسمعي البصري.',
  },
  [ROUTES.contact]: {
    title: 'اتصلوا بنا',
    description:
      'راسلونا أو اتصلوا بنا للحصول على عرض سعر: عنوان الوكالة في تلمسان، والهاتف، والبريد الإلكتروني واستمارة الاتصال، مع دعم على مدار الساعة.',
    heading: 'اتصلوا بنا',
    intro:
      'مشروع أو سؤال أو طلب عرض سعر؟ اتصلوا بنا أو راسلونا أو زورونا في الوكالة: سنردّ عليكم بسرعة.',
  },
  [ROUTES.privacy]: {
    title: 'سياسة الخصوصية',
    description:
      'كيف نستعمل المعطيات المرسلة عبر استمارة الاتصال ونشاركها ونحميها، وكيف تمارسون حقوقكم وفق القانون رقم 18-07.',
    heading: 'سياسة الخصوصية',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    description:
      'الصفحة المطلوبة غير موجودة أو نُقلت. عودوا إلى الصفحة الرئيسية لاكتشاف خدماتنا وأسعارنا وأعمالنا وفريقنا.',
    heading: 'الصفحة غير موجودة',
  },
};

const ui: UiText = {
  skipLink: 'الانتقال إلى المحتوى',
  carousel: {
    label: 'خدماتنا بالصور',
    roleDescription: 'عارض شرائح',
    slideRoleDescription: 'شريحة',
    slideLabel: (position, count, title) => `${position} من ${count}: ${title}`,
    previous: 'الصورة السابقة',
    next: 'الصورة التالية',
    pause: 'إيقاف مؤقت',
    resume: 'استئناف العرض',
  },
  nav: {
    label: 'التنقل الرئيسي',
    menu: 'القائمة',
    quote: 'عرض سعر مجاني',
    quoteSubject: 'طلب عرض سعر مجاني',
    languageSwitch: 'اللغة',
  },
  footer: {
    adminSpace: ' — فضاء الإدارة',
    contactTitle: 'اتصلوا بنا',
    socialsLabel: 'حسابات الوكالة على شبكات التواصل الاجتماعي',
    quickLinks: 'روابط سريعة',
    rights: 'جميع الحقوق محفوظة.',
  },
  counters: { label: 'الوكالة بالأرقام' },
  home: {
    servicesKicker: 'خدماتنا',
    servicesTitle: 'كل ما تحتاجونه لتطوير نشاطكم',
    teamKicker: 'الفريق',
    foundersTitle: 'الأعضاء المؤسسون',
    portfolioKicker: 'أعمالنا',
    portfolioTitle: 'أحدث إنجازاتنا',
    portfolioAll: 'عرض كل الأعمال',
  },
  reasons: { kicker: 'لماذا تختاروننا', title: 'ستة أسباب لتأتمنونا على مشروعكم' },
  servicesGrid: { order: 'اطلبوا الخدمة', orderLabel: (title) => `اطلبوا الخدمة: ${title}` },
  training: { kicker: 'التكوين', contact: 'اتصلوا بنا من أجل تكوين' },
  founders: {
    badge: 'عضو مؤسس',
    linksLabel: (role) => `روابط ${role}`,
  },
  projects: {
    client: 'الزبون: ',
    open: 'عرض المشروع',
    newTab: '(في علامة تبويب جديدة)',
    developmentBadge: 'تطوير',
  },
  servicesPage: {
    offersKicker: 'عروضنا',
    kicker: 'ما نقوم به',
    servicesTitle: 'خدماتنا',
    budgetToDefine: 'ميزانية تُحدَّد معكم',
    featured: 'الأكثر طلبًا',
    from: 'ابتداءً من',
    order: 'اطلبوا الآن',
    orderLabel: (title) => `اطلبوا الآن: ${title}`,
    custom: 'طلب خاص؟ اطلبوا عرض سعر على مقاس مشروعكم.',
  },
  portfolioPage: { kicker: 'أعمالنا' },
  teamPage: {
    kicker: 'الفريق',
    foundersTitle: 'الأعضاء المؤسسون',
    workKicker: 'يوميًّا معكم',
    workTitle: 'فريق العمل',
    studyLevel: 'المستوى الدراسي: ',
  },
  contactPage: {
    kicker: 'اتصلوا بنا',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    address: 'العنوان',
    write: 'راسلونا',
    find: 'موقعنا',
  },
  privacyPage: { kicker: 'معطياتكم', updated: 'آخر تحديث:' },
  noScriptForm: {
    before: 'يتطلب إرسال الاستمارة تفعيل جافاسكريبت. راسلونا على ',
    or: ' أو اتصلوا بالرقم ',
    after: '.',
  },
  map: {
    titlePrefix: 'خريطة الوصول: ',
    note: 'الخريطة مقدَّمة من أوبن ستريت ماب، ولا تُحمَّل إلا بطلب منكم.',
    show: 'عرض الخريطة',
    open: 'فتح الخريطة في علامة تبويب جديدة',
  },
};

/** Everything the Arabic public pages say. */
export const ar: Catalogue = {
  language: 'ar',
  locale: localeOf('ar').intl,
  ogLocale: localeOf('ar').ogLocale,
  agency,
  navItems,
  banners,
  counters,
  reasons,
  services,
  callUs: {
    title: 'اتصلوا بنا للحصول على عرض سعر',
    text: 'لديكم مشروع؟ مكالمة واحدة تكفي: ندرس حاجتكم ونقدّم لكم عرض سعر مجانيًا.',
  },
  training,
  plans,
  pricing: {
    kicker: 'الأسعار',
    title: 'باقاتنا',
    text: 'الأسعار المذكورة أسعار ابتدائية بالدينار الجزائري (دج)، والسعر النهائي يتوقف على مشروعكم.',
  },
  servicesBox: {
    title: 'تحتاجون إلى تفاصيل أكثر؟',
    text: 'اتصلوا بنا: نجيب عن كل أسئلتكم حول خدماتنا وأسعارنا.',
  },
  portfolio: portfolio.map((project) => {
    const alt = PROJECT_ALTS[project.id];
    if (!alt) throw new Error(`Catalogue arabe, portfolio : ${project.id} sans texte d’image.`);
    return { ...project, image: { ...project.image, alt } };
  }),
  founders,
  workTeam,
  contactSection: {
    title: 'اتصلوا بنا',
    supportNote: 'دعم متوفر على مدار الساعة، طوال أيام الأسبوع: نردّ على كل رسالة.',
    intro: 'صِفوا لنا مشروعكم أو اطرحوا سؤالكم: املؤوا الاستمارة وسنردّ عليكم في أقرب وقت.',
  },
  privacy,
  pageMeta,
  ui,
};

/** The catalogue of each language of the public pages. */
export const catalogues = { fr, ar } as const satisfies Record<Language, Catalogue>;

/**
 * The catalogue a language's pages show: its own; for a locale whose `catalogue` names another
 * language's texts (a test's locale built from French), those texts with the locale's
 * language, `Intl` and Open Graph tags.
 */
export function catalogueFor(language: Language): Catalogue {
  const locale = localeOf(language);
  const catalogue = (catalogues as Partial<Record<string, Catalogue>>)[textsLanguage(language)];
  if (!catalogue) {
    throw new Error(`Aucun catalogue « ${locale.catalogue} » pour la langue « ${language} ».`);
  }
  return catalogue.language === language
    ? catalogue
    : { ...catalogue, language, locale: locale.intl, ogLocale: locale.ogLocale };
}

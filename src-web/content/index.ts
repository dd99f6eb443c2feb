/**
 * Every agency-specific detail of the site, in French: name, contact details, texts, prices,
 * portfolio, team and page metadata. Components read from here and hold no copy of their own.
 */
import { localeOf, ROUTES } from '../../shared/domain/routes.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import type {
  Agency,
  Catalogue,
  Banner,
  Counter,
  Founder,
  NavItem,
  PageMetaTable,
  Plan,
  PortfolioProject,
  PrivacySection,
  Reason,
  Service,
  TeamMember,
  TrainingOffer,
  UiText,
} from './types.ts';

// Centre of Tlemcen; the map frame shows a small box around it.
const LATITUDE = 34.8828;
const LONGITUDE = -1.3161;
const BBOX = [LONGITUDE - 0.01, LATITUDE - 0.006, LONGITUDE + 0.01, LATITUDE + 0.006]
  .map((n) => n.toFixed(4))
  .join('%2C');

export const agency: Agency = {
  name: AGENCY_NAMES.fr,
  tagline: 'Votre agence numérique à Tlemcen : développement, design et audiovisuel.',
  about:
    'Horizon Numérique est une agence numérique installée à Tlemcen, au service des entreprises de l’Ouest algérien. Nous concevons des sites web, des applications mobiles, des identités visuelles et des vidéos, et nous animons vos réseaux sociaux. Une seule équipe vous accompagne, de l’idée au lancement.',
  phone: { display: '0550 12 34 56', e164: '+213550123456' },
  email: 'contact@horizon-numerique.dz',
  address: {
    street: '12, boulevard de l’Indépendance',
    town: 'Tlemcen',
    postalCode: '13000',
    region: 'Wilaya de Tlemcen',
    country: 'Algérie',
    display: '12, boulevard de l’Indépendance, 13000 Tlemcen, Algérie',
  },
  geo: { latitude: LATITUDE, longitude: LONGITUDE },
  mapEmbedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik&marker=${LATITUDE}%2C${LONGITUDE}`,
  mapLinkUrl: `https://www.openstreetmap.org/?mlat=${LATITUDE}&mlon=${LONGITUDE}#map=17/${LATITUDE}/${LONGITUDE}`,
  openingHours: 'Du dimanche au jeudi, de 8 h 30 à 17 h 30 ; assistance 24 h/24, 7 j/7',
  socials: [
    {
      network: 'facebook',
      label: 'Page Facebook d’Horizon Numérique',
      url: 'https://www.facebook.com/horizonnumerique.dz',
    },
    {
      network: 'instagram',
      label: 'Compte Instagram d’Horizon Numérique',
      url: 'https://www.instagram.com/horizonnumerique.dz',
    },
    {
      network: 'linkedin',
      label: 'Page LinkedIn d’Horizon Numérique',
      url: 'https://www.linkedin.com/company/horizon-numerique-dz',
    },
    {
      network: 'tiktok',
      label: 'Compte TikTok d’Horizon Numérique',
      url: 'https://www.tiktok.com/@horizonnumerique.dz',
    },
  ],
  siteUrl: 'https://horizon-numerique.dz',
  copyright: 'Horizon Numérique',
};

/**
 * The agency's legal details, as its quotes show them (docs/quotes.md): raison sociale, forme
 * juridique, siège, RC, NIF, NIS, article d’imposition, the account a client pays into, and the
 * tax regime (réel: TVA per line; IFU: no TVA and its mention).
 *
 * PLACEHOLDERS: none of these is the agency’s, and none is invented as real. Each one says in
 * brackets what to write; `placeholder: true` prints « Modèle » across every quote until the
 * agency writes its own details here and sets it to false (tests/web/content.test.ts then
 * checks them: a NIF of 15 or 20 digits, a RIB of 20).
 */
export const sellerLegalDetails: SellerLegalDetails = {
  placeholder: true,
  legalName: '[Raison sociale]',
  legalForm: {
    fr: '[Forme juridique : SARL, EURL, SPA ou personne physique]',
    ar: '[الشكل القانوني]',
  },
  address: { fr: '[Adresse du siège]', ar: '[عنوان المقر]' },
  rc: '[N° RC]',
  nif: '[NIF : 15 ou 20 chiffres]',
  nis: '[NIS]',
  articleImposition: '[Article d’imposition]',
  account: { kind: 'rib', bank: '[Banque]', rib: '[RIB : 20 chiffres]' },
  // Under the IFU: { kind: 'ifu', mention: { fr: '…', ar: '…' } }, with the mention the
  // agency's accountant gives (docs/quotes.md suggests one).
  taxRegime: { kind: 'reel' },
};

export const navItems: readonly NavItem[] = [
  { path: ROUTES.home, label: 'Accueil' },
  { path: ROUTES.services, label: 'Services' },
  { path: ROUTES.portfolio, label: 'Portfolio' },
  { path: ROUTES.team, label: 'Équipe' },
  { path: ROUTES.contact, label: 'Contact' },
  { path: ROUTES.privacy, label: 'Confidentialité' },
];

export const banners: readonly Banner[] = [
  {
    image: {
      name: 'banner-1',
      alt: 'Illustration d’un écran d’ordinateur affichant un site web en construction, entouré de balises de code',
    },
    title: 'Des sites web qui travaillent pour vous',
    text: 'Sites vitrines, sites dynamiques et boutiques en ligne, rapides et adaptés à tous les écrans.',
  },
  {
    image: {
      name: 'banner-2',
      alt: 'Illustration de deux smartphones et d’une tablette affichant une application mobile',
    },
    title: 'Votre application dans la poche de vos clients',
    text: 'Nous développons vos applications pour Android, iPhone et ordinateur, de la maquette à la publication.',
  },
  {
    image: {
      name: 'banner-3',
      alt: 'Illustration d’un bouclier et d’un cadenas protégeant un serveur et des données',
    },
    title: 'Protégez vos données',
    text: 'Audit, sécurisation et surveillance de vos sites et de vos systèmes contre les attaques.',
  },
  {
    image: {
      name: 'banner-4',
      alt: 'Illustration d’un logo sur une carte de visite, d’un nuancier de couleurs et d’un panneau publicitaire',
    },
    title: 'Une image de marque qui vous ressemble',
    text: 'Logos, chartes graphiques, cartes de visite et panneaux publicitaires prêts à imprimer.',
  },
  {
    image: {
      name: 'banner-5',
      alt: 'Illustration d’une caméra, d’un clap de cinéma et d’icônes de réseaux sociaux',
    },
    title: 'Faites parler de vous',
    text: 'Vidéos publicitaires, montage et gestion de vos réseaux sociaux pour toucher votre public.',
  },
  {
    image: {
      name: 'banner-6',
      alt: 'Illustration d’une salle de formation avec un formateur devant un écran et des participants',
    },
    title: 'Formez-vous aux métiers du numérique',
    text: 'Des formations en présentiel, à distance ou avec certificat international, encadrées par des professionnels.',
  },
];

export const counters: readonly Counter[] = [
  {
    label: 'Clients satisfaits',
    value: 394,
    icon: 'emoji-smile',
    sentence: { one: '{n} client satisfait', other: '{n} clients satisfaits' },
  },
  {
    label: 'Projets réalisés',
    value: 358,
    icon: 'folder-check',
    sentence: { one: '{n} projet réalisé', other: '{n} projets réalisés' },
  },
  {
    label: 'Certifications',
    value: 42,
    icon: 'award',
    sentence: { one: '{n} certification', other: '{n} certifications' },
  },
];

export const reasons: readonly Reason[] = [
  {
    title: 'Les meilleurs du secteur',
    text: 'Nos réalisations et la fidélité de nos clients font de nous une référence du numérique dans l’Ouest algérien.',
    icon: 'trophy',
  },
  {
    title: 'Compétences et technologie',
    text: 'Nous travaillons avec des outils récents et éprouvés, choisis pour la performance et la durée de vie de vos projets.',
    icon: 'cpu',
  },
  {
    title: 'Une équipe professionnelle',
    text: 'Développeurs, designers et vidéastes diplômés travaillent ensemble sur chaque projet, avec un interlocuteur unique pour vous.',
    icon: 'people',
  },
  {
    title: 'Des domaines variés',
    text: 'Du site web à la vidéo publicitaire, en passant par la sécurité informatique et l’impression, tout se fait sous le même toit.',
    icon: 'grid-3x3-gap',
  },
  {
    title: 'Accompagnement et conseil',
    text: 'Nous vous aidons à définir vos besoins et votre budget, puis nous restons à vos côtés après la livraison.',
    icon: 'signpost-2',
  },
  {
    title: 'Assistance 24 h/24, 7 j/7',
    text: 'Une question ou un imprévu ? Notre équipe d’assistance vous répond à toute heure, week-end compris.',
    icon: 'headset',
  },
];

export const services: readonly Service[] = [
  {
    id: 'developpement-web',
    title: 'Développement de sites web',
    text: 'Sites sur WordPress ou développés sur mesure, rapides, sécurisés et faciles à mettre à jour.',
    icon: 'code-slash',
    contactService: 'Développement',
  },
  {
    id: 'applications-mobiles',
    title: 'Applications mobiles',
    text: 'Applications pour Android, iPhone et ordinateur, pensées pour vos clients et vos équipes.',
    icon: 'phone',
    contactService: 'Développement',
  },
  {
    id: 'cybersecurite',
    title: 'Cybersécurité',
    text: 'Audit de sécurité, protection de vos sites et de vos données, sauvegardes et surveillance.',
    icon: 'shield-lock',
    contactService: 'Développement',
  },
  {
    id: 'logo-identite',
    title: 'Logo et identité visuelle',
    text: 'Création de logos et de chartes graphiques qui rendent votre marque reconnaissable.',
    icon: 'palette',
    contactService: 'Design',
  },
  {
    id: 'panneaux-publicitaires',
    title: 'Panneaux publicitaires',
    text: 'Conception de panneaux, enseignes et bâches publicitaires lisibles de loin, prêts pour l’impression.',
    icon: 'easel',
    contactService: 'Design',
  },
  {
    id: 'cartes-de-visite',
    title: 'Cartes de visite',
    text: 'Des cartes de visite soignées, fidèles à votre identité, conçues et imprimées pour vous.',
    icon: 'card-heading',
    contactService: 'Design',
  },
  {
    id: 'reseaux-sociaux',
    title: 'Gestion des réseaux sociaux',
    text: 'Animation de vos pages Facebook, Instagram et TikTok : publications régulières et réponses à vos abonnés.',
    icon: 'share',
    contactService: 'Gestion des comptes',
  },
  {
    id: 'gestion-campagnes',
    title: 'Gestion de campagnes',
    text: 'Campagnes sponsorisées ciblées, suivies et ajustées pour tirer le meilleur de votre budget.',
    icon: 'bullseye',
    contactService: 'Gestion des comptes',
  },
  {
    id: 'creation-contenu',
    title: 'Création de contenu',
    text: 'Visuels, textes et vidéos courtes adaptés à chaque réseau et à votre public.',
    icon: 'pencil-square',
    contactService: 'Audiovisuel',
  },
  {
    id: 'montage-video',
    title: 'Montage vidéo',
    text: 'Montage, habillage, sous-titres et étalonnage de vos vidéos pour le web et les réseaux sociaux.',
    icon: 'film',
    contactService: 'Audiovisuel',
  },
  {
    id: 'videos-publicitaires',
    title: 'Vidéos publicitaires',
    text: 'Du scénario au tournage et au montage, des vidéos qui présentent votre activité en quelques secondes.',
    icon: 'camera-reels',
    contactService: 'Audiovisuel',
  },
];

export const callUs: { title: string; text: string } = {
  title: 'Appelez-nous pour un devis',
  text: 'Un projet en tête ? Un simple appel suffit : nous étudions votre besoin et vous proposons un devis gratuit.',
};

const trainingOffers: readonly TrainingOffer[] = [
  {
    title: 'Formation en présentiel',
    text: 'Des sessions en petits groupes dans nos locaux de Tlemcen, avec un formateur à vos côtés.',
    icon: 'people',
    points: [
      'Groupes réduits pour un suivi personnalisé',
      'Exercices pratiques sur des projets réels',
      'Attestation de formation en fin de session',
    ],
  },
  {
    title: 'Formation internationale payante',
    text: 'Des parcours certifiants dont les certificats sont reconnus à l’étranger.',
    icon: 'airplane',
    points: [
      'Certificats reconnus à l’international',
      'Programmes alignés sur les standards du métier',
      'Préparation aux examens de certification',
    ],
  },
  {
    title: 'Formation à distance',
    text: 'Des cours en direct sur une plateforme de visioconférence payante, où que vous soyez.',
    icon: 'laptop',
    points: [
      'Cours en direct avec le formateur',
      'Plateforme de visioconférence payante, stable et sécurisée',
      'Horaires adaptés aux étudiants et aux salariés',
    ],
  },
];

export const training: { title: string; intro: string; offers: readonly TrainingOffer[] } = {
  title: 'Nos formations',
  intro:
    'Développez vos compétences en développement, en design ou en audiovisuel avec nos formateurs, selon la formule qui vous convient.',
  offers: trainingOffers,
};

export const plans: readonly Plan[] = [
  {
    id: 'site-statique',
    title: 'Site statique',
    summary: 'Un site vitrine en HTML/CSS ou sur WordPress',
    priceDzd: 28000,
    priceUnit: 'le site',
    features: [
      'Jusqu’à 5 pages',
      'Design adapté aux mobiles et aux tablettes',
      'Formulaire de contact',
      'Référencement naturel de base',
      'Mise en ligne incluse',
    ],
    contactService: 'Développement',
  },
  {
    id: 'site-dynamique',
    title: 'Site dynamique',
    summary: 'Un site que vous mettez à jour vous-même',
    priceDzd: 32000,
    priceUnit: 'le site',
    features: [
      'Pages illimitées',
      'Espace d’administration pour gérer vos contenus',
      'Blog ou actualités',
      'Design adapté aux mobiles et aux tablettes',
      'Référencement naturel optimisé',
      'Formation à la prise en main',
    ],
    contactService: 'Développement',
    featured: true,
  },
  {
    id: 'application-mobile',
    title: 'Application mobile',
    summary: 'Une application pour Android et iPhone',
    priceDzd: 48000,
    priceUnit: 'l’application',
    features: [
      'Compatible Android et iPhone',
      'Maquettes et parcours utilisateur',
      'Notifications',
      'Publication sur les magasins d’applications',
      'Trois mois de maintenance',
    ],
    contactService: 'Développement',
  },
  {
    id: 'publicite-sponsorisee',
    title: 'Publicité sponsorisée',
    summary: 'Des campagnes sur Facebook, Instagram et TikTok',
    priceDzd: null,
    priceUnit: 'la campagne',
    features: [
      'Choix des réseaux et des formats publicitaires',
      'Ciblage par région, âge et centres d’intérêt',
      'Création des visuels de la campagne',
      'Suivi et ajustement en cours de campagne',
      'Rapport de résultats',
    ],
    contactService: 'Gestion des comptes',
  },
  {
    id: 'suivi-de-page',
    title: 'Suivi de page',
    summary: 'La gestion de vos pages sur les réseaux sociaux',
    priceDzd: 28000,
    priceUnit: 'par mois',
    features: [
      'Gestion de deux réseaux sociaux',
      'Calendrier de publication',
      '12 publications par mois',
      'Réponses aux messages et aux commentaires',
      'Rapport mensuel',
    ],
    contactService: 'Gestion des comptes',
  },
  {
    id: 'suivi-et-creation',
    title: 'Suivi et création de contenu',
    summary: 'Vos pages gérées et vos contenus créés par nos soins',
    priceDzd: 32000,
    priceUnit: 'par mois',
    features: [
      'Tout le suivi de page',
      'Visuels créés sur mesure',
      'Deux vidéos courtes par mois',
      'Rédaction des textes de publication',
      'Rapport mensuel détaillé',
    ],
    contactService: 'Gestion des comptes',
  },
  {
    id: 'shooting-photo',
    title: 'Shooting photo professionnel',
    summary: 'Des photos de vos produits, de vos locaux ou de votre équipe',
    priceDzd: 12000,
    priceUnit: 'la séance',
    features: [
      'Séance de deux heures',
      'Photographe et matériel professionnel',
      '20 photos retouchées',
      'Fichiers en haute définition',
    ],
    contactService: 'Audiovisuel',
  },
  {
    id: 'video-publicitaire',
    title: 'Vidéo publicitaire',
    summary: 'Une vidéo courte pour présenter votre activité',
    priceDzd: 18000,
    priceUnit: 'la vidéo',
    features: [
      'Écriture du scénario',
      'Tournage sur place',
      'Montage et musique libre de droits',
      'Format adapté aux réseaux sociaux',
    ],
    contactService: 'Audiovisuel',
  },
  {
    id: 'video-motion-design',
    title: 'Vidéo en motion design',
    summary: 'Une animation graphique pour expliquer votre offre',
    priceDzd: 28000,
    priceUnit: 'la vidéo',
    features: [
      'Script et storyboard',
      'Animation de vos textes, logos et illustrations',
      'Voix off ou sous-titres',
      'Jusqu’à 60 secondes',
      'Deux séries de corrections',
    ],
    contactService: 'Audiovisuel',
  },
];

export const pricing: { kicker: string; title: string; text: string } = {
  kicker: 'Tarifs',
  title: 'Nos formules',
  text: 'Les prix indiqués sont des tarifs de départ en dinars algériens (DZD) ; le devis final dépend de votre projet.',
};

export const servicesBox: { title: string; text: string } = {
  title: 'Besoin de plus de détails ?',
  text: 'Appelez-nous : nous répondons à toutes vos questions sur nos services et nos tarifs.',
};

export const portfolio: readonly PortfolioProject[] = [
  {
    id: 'boulangerie-epis-dor',
    title: 'Site vitrine et commandes de gâteaux',
    client: 'Boulangerie Les Épis d’Or',
    category: 'Site vitrine',
    date: '2024-11-18',
    url: 'https://lesepisdor.dz',
    image: {
      name: 'project-1',
      alt: 'Page d’accueil du site d’une boulangerie, avec des pains et des gâteaux en vitrine',
    },
  },
  {
    id: 'clinique-les-oliviers',
    title: 'Site de prise de rendez-vous médicaux',
    client: 'Clinique Les Oliviers',
    category: 'Site dynamique',
    date: '2024-10-22',
    url: 'https://clinique-lesoliviers.dz',
    image: {
      name: 'project-2',
      alt: 'Page d’une clinique présentant ses spécialités et un calendrier de rendez-vous',
    },
  },
  {
    id: 'auto-location-tlemcen',
    title: 'Application de réservation de véhicules',
    client: 'Auto Location Tlemcen',
    category: 'Application mobile',
    date: '2024-09-26',
    url: 'https://autolocation-tlemcen.dz',
    image: {
      name: 'project-3',
      alt: 'Écrans d’une application mobile de location de voitures avec un catalogue de véhicules',
    },
  },
  {
    id: 'immobilier-les-remparts',
    title: 'Catalogue de biens immobiliers en ligne',
    client: 'Agence immobilière Les Remparts',
    category: 'Site dynamique',
    date: '2024-08-29',
    url: 'https://immo-lesremparts.dz',
    image: {
      name: 'project-4',
      alt: 'Site d’une agence immobilière affichant des annonces d’appartements et de villas',
    },
  },
  {
    id: 'ecole-les-jasmins',
    title: 'Site et espace parents',
    client: 'École privée Les Jasmins',
    category: 'Site dynamique',
    date: '2024-07-15',
    url: 'https://ecole-lesjasmins.dz',
    image: {
      name: 'project-5',
      alt: 'Site d’une école privée montrant une salle de classe et le calendrier scolaire',
    },
  },
  {
    id: 'restaurant-terrasse-mansourah',
    title: 'Site vitrine et menu en ligne',
    client: 'Restaurant La Terrasse de Mansourah',
    category: 'Site vitrine',
    date: '2024-06-20',
    url: 'https://laterrasse-mansourah.dz',
    image: {
      name: 'project-6',
      alt: 'Site d’un restaurant présentant sa carte et des photos de plats',
    },
  },
  {
    id: 'hotel-les-cascades',
    title: 'Site de réservation de chambres',
    client: 'Hôtel Les Cascades',
    category: 'Site dynamique',
    date: '2024-05-23',
    url: 'https://hotel-lescascades.dz',
    image: {
      name: 'project-7',
      alt: 'Site d’un hôtel avec une chambre, une piscine et un formulaire de réservation',
    },
  },
  {
    id: 'medina-mode',
    title: 'Boutique de vêtements en ligne',
    client: 'Boutique Médina Mode',
    category: 'E-commerce',
    date: '2024-04-25',
    url: 'https://medinamode.dz',
    image: {
      name: 'project-8',
      alt: 'Boutique en ligne de vêtements affichant des articles et un panier',
    },
  },
  {
    id: 'transports-express-ouest',
    title: 'Application de suivi des livraisons',
    client: 'Transports Express de l’Ouest',
    category: 'Application mobile',
    date: '2024-04-08',
    url: 'https://transports-expressouest.dz',
    image: {
      name: 'project-9',
      alt: 'Application mobile de suivi de camions sur une carte avec l’état des livraisons',
    },
  },
  {
    id: 'tlemcen-solidarite',
    title: 'Site associatif et appel aux dons',
    client: 'Association Tlemcen Solidarité',
    category: 'Site vitrine',
    date: '2024-03-14',
    url: 'https://tlemcen-solidarite.dz',
    image: {
      name: 'project-10',
      alt: 'Site d’une association présentant ses actions solidaires et un bouton de don',
    },
  },
];

export const founders: readonly Founder[] = [
  {
    role: 'Développeur full-stack',
    bio: 'Il conçoit vos sites et vos applications de bout en bout, de l’interface jusqu’au serveur et à la base de données.',
    photo: { name: 'founder-1', alt: 'Portrait illustré du développeur full-stack' },
    links: [
      {
        network: 'github',
        label: 'GitHub du développeur full-stack',
        url: 'https://github.com/horizon-numerique-fullstack',
      },
      {
        network: 'linkedin',
        label: 'LinkedIn du développeur full-stack',
        url: 'https://www.linkedin.com/in/horizon-numerique-fullstack',
      },
    ],
  },
  {
    role: 'Ingénieur logiciel',
    bio: 'Il pense l’architecture de vos projets et veille à leur fiabilité, à leur sécurité et à leurs performances.',
    photo: { name: 'founder-2', alt: 'Portrait illustré de l’ingénieur logiciel' },
    links: [
      {
        network: 'github',
        label: 'GitHub de l’ingénieur logiciel',
        url: 'https://github.com/horizon-numerique-ingenieur',
      },
      {
        network: 'linkedin',
        label: 'LinkedIn de l’ingénieur logiciel',
        url: 'https://www.linkedin.com/in/horizon-numerique-ingenieur',
      },
      {
        network: 'website',
        label: 'Site personnel de l’ingénieur logiciel',
        url: 'https://ingenieur.horizon-numerique.dz',
      },
    ],
  },
  {
    role: 'Vidéaste et designer',
    bio: 'Il filme, monte et met en forme l’image de votre marque, du logo à la vidéo publicitaire.',
    photo: { name: 'founder-3', alt: 'Portrait illustré du vidéaste et designer' },
    links: [
      {
        network: 'behance',
        label: 'Behance du vidéaste et designer',
        url: 'https://www.behance.net/horizon-numerique-studio',
      },
      {
        network: 'instagram',
        label: 'Instagram du vidéaste et designer',
        url: 'https://www.instagram.com/horizonnumerique.studio',
      },
      {
        network: 'linkedin',
        label: 'LinkedIn du vidéaste et designer',
        url: 'https://www.linkedin.com/in/horizon-numerique-studio',
      },
    ],
  },
];

export const workTeam: readonly TeamMember[] = [
  { role: 'Développeur front-end', studyLevel: 'Master en informatique', icon: 'code-slash' },
  {
    role: 'Développeur back-end',
    studyLevel: 'Ingénieur d’État en informatique',
    icon: 'cpu',
  },
  { role: 'Développeur mobile', studyLevel: 'Licence en informatique', icon: 'phone' },
  {
    role: 'Designer UI/UX',
    studyLevel: 'Master en informatique, option interaction homme-machine',
    icon: 'laptop',
  },
  { role: 'Graphiste', studyLevel: 'Licence en design graphique', icon: 'palette' },
  {
    role: 'Analyste en cybersécurité',
    studyLevel: 'Master en sécurité informatique',
    icon: 'shield-lock',
  },
  {
    role: 'Community manager',
    studyLevel: 'Licence en sciences de l’information et de la communication',
    icon: 'share',
  },
  {
    role: 'Responsable des campagnes publicitaires',
    studyLevel: 'Master en marketing digital',
    icon: 'bullseye',
  },
  {
    role: 'Rédacteur de contenu',
    studyLevel: 'Licence en langue et littérature françaises',
    icon: 'pencil-square',
  },
  {
    role: 'Vidéaste',
    studyLevel: 'Technicien supérieur en audiovisuel',
    icon: 'camera-reels',
  },
  {
    role: 'Monteur vidéo et motion designer',
    studyLevel: 'Technicien supérieur en infographie',
    icon: 'film',
  },
  { role: 'Chef de projet', studyLevel: 'Master en management de projets', icon: 'briefcase' },
];

export const contactSection: { title: string; supportNote: string; intro: string } = {
  title: 'Contactez-nous',
  supportNote: 'Assistance disponible 24 h/24, 7 j/7 : nous répondons à chaque message.',
  intro:
    'Décrivez-nous votre projet ou posez votre question : remplissez le formulaire et nous revenons vers vous rapidement.',
};

const privacySections: readonly PrivacySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'La présente politique explique quelles données personnelles Horizon Numérique recueille par le formulaire de contact de ce site, pourquoi nous les recueillons et comment nous les protégeons.',
      'Elle s’inscrit dans le cadre de la loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel.',
    ],
  },
  {
    id: 'utilisation',
    title: 'Utilisation des informations',
    paragraphs: [
      'Lorsque vous nous écrivez, nous recueillons les informations que vous saisissez dans le formulaire : votre nom complet, le service qui vous intéresse, votre adresse e-mail, votre numéro de téléphone, le sujet et le contenu de votre message, ainsi que la date d’envoi.',
      'Ces informations servent uniquement à répondre à votre demande et, si vous le souhaitez, à établir un devis ou à assurer le suivi de votre projet. Nous ne les utilisons pas à des fins de prospection sans votre accord.',
      'Nous les conservons pendant la durée nécessaire au traitement de votre demande et au suivi de notre échange, puis au plus douze mois après notre dernier contact, avant de les supprimer.',
    ],
  },
  {
    id: 'partage',
    title: 'Partage des informations',
    paragraphs: [
      'Vos données ne sont ni vendues, ni louées, ni cédées à des tiers. Seuls les membres de notre équipe chargés de traiter votre demande y ont accès.',
      'Elles sont enregistrées chez notre prestataire d’hébergement, qui les stocke pour notre compte et ne peut pas les utiliser à ses propres fins. Nous ne les communiquons à une autorité que lorsque la loi nous y oblige.',
    ],
  },
  {
    id: 'protection',
    title: 'Protection des informations',
    paragraphs: [
      'Les échanges entre votre navigateur et notre site sont chiffrés. L’accès aux messages reçus est réservé à un compte administrateur protégé.',
      'Aucun système n’étant infaillible, nous ne pouvons garantir une sécurité absolue, mais nous appliquons des mesures techniques et organisationnelles adaptées pour éviter toute perte, tout accès non autorisé ou toute divulgation de vos données.',
    ],
  },
  {
    id: 'droits',
    title: 'Vos droits',
    paragraphs: [
      'Conformément à la loi n° 18-07, vous disposez des droits suivants sur les données qui vous concernent :',
    ],
    list: [
      'le droit d’accès : savoir si nous détenons des données vous concernant et en obtenir une copie ;',
      'le droit de rectification : faire corriger des données inexactes ou incomplètes ;',
      'le droit de suppression : demander l’effacement de vos données ;',
      'le droit d’opposition : vous opposer, pour un motif légitime, au traitement de vos données.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications de la politique',
    paragraphs: [
      'Nous pouvons mettre à jour cette politique pour tenir compte d’une évolution du site ou de la réglementation. La date de la dernière mise à jour figure en bas de cette page ; nous vous invitons à la consulter régulièrement.',
    ],
  },
  {
    id: 'contact',
    title: 'Nous contacter',
    paragraphs: [
      'Pour exercer vos droits ou pour toute question sur cette politique, écrivez-nous à l’adresse ci-dessous. Nous vous répondons dans les meilleurs délais.',
    ],
    email: agency.email,
  },
];

export const privacy: {
  intro: string;
  sections: readonly PrivacySection[];
  updated: string;
} = {
  intro:
    'Chez Horizon Numérique, nous respectons votre vie privée. Voici, en quelques lignes claires, ce que nous faisons des informations que vous nous confiez.',
  sections: privacySections,
  updated: '2026-01-15',
};

export const pageMeta: PageMetaTable = {
  [ROUTES.home]: {
    title: 'Agence numérique à Tlemcen',
    description:
      'Agence numérique à Tlemcen : sites web, applications mobiles, cybersécurité, design, vidéo et réseaux sociaux pour les entreprises de l’Ouest algérien.',
    heading: 'Votre agence numérique à Tlemcen',
  },
  [ROUTES.services]: {
    title: 'Services et tarifs',
    description:
      'Développement web et mobile, design, vidéo et gestion des réseaux sociaux : découvrez nos services et nos tarifs de départ en dinars algériens (DZD).',
    heading: 'Nos services et nos tarifs',
    intro:
      'Du site web à la vidéo publicitaire, une seule équipe pour tous vos projets : choisissez un service et commandez-le en quelques clics.',
  },
  [ROUTES.portfolio]: {
    title: 'Portfolio',
    description:
      'Sites vitrines, sites dynamiques, boutiques en ligne et applications mobiles : découvrez les projets réalisés pour nos clients de la région de Tlemcen.',
    heading: 'Notre portfolio',
    intro:
      'Quelques projets menés pour des entreprises et des associations de la région : pour chacun, le client, la date et un lien vers le projet en ligne.',
  },
  [ROUTES.team]: {
    title: 'Notre équipe',
    description:
      'Trois membres fondateurs et douze professionnels diplômés en développement, design, marketing et audiovisuel, réunis pour mener à bien vos projets.',
    heading: 'Notre équipe',
    intro:
      'Derrière chaque projet, quinze personnes : trois membres fondateurs et douze professionnels du développement, du design, du marketing et de l’audiovisuel.',
  },
  [ROUTES.contact]: {
    title: 'Contact',
    description:
      'Écrivez-nous ou appelez-nous pour un devis : adresse de l’agence à Tlemcen, téléphone, e-mail et formulaire de contact, avec une assistance 24 h/24.',
    heading: 'Contactez-nous',
    intro:
      'Un projet, une question ou une demande de devis ? Appelez-nous, écrivez-nous ou venez nous rencontrer à l’agence : nous vous répondons rapidement.',
  },
  [ROUTES.privacy]: {
    title: 'Politique de confidentialité',
    description:
      'Comment nous utilisons, partageons et protégeons les données envoyées par le formulaire de contact, et comment exercer vos droits selon la loi n° 18-07.',
    heading: 'Politique de confidentialité',
  },
  [ROUTES.login]: {
    title: 'Connexion',
    description:
      'Espace réservé à l’administration de l’agence : connectez-vous avec votre adresse e-mail et votre mot de passe pour consulter les messages reçus.',
    heading: 'Connexion',
  },
  [ROUTES.dashboard]: {
    title: 'Tableau de bord',
    description:
      'Tableau de bord de l’administration : liste des messages envoyés par le formulaire de contact, avec le service demandé, les coordonnées et la date.',
    heading: 'Dashboard - Messages Reçus',
  },
  [ROUTES.firstPassword]: {
    title: 'Création du compte',
    description:
      'Premier démarrage du site : choisissez l’adresse e-mail et le mot de passe du compte administrateur avec le lien affiché par le serveur.',
    heading: 'Création du compte administrateur',
  },
  notFound: {
    title: 'Page introuvable',
    description:
      'La page demandée n’existe pas ou a été déplacée. Revenez à l’accueil pour découvrir nos services, nos tarifs, notre portfolio et notre équipe.',
    heading: 'Page introuvable',
  },
};

/** The words of the French public pages around the agency's content. */
export const ui: UiText = {
  skipLink: 'Aller au contenu',
  carousel: {
    label: 'Nos services en images',
    roleDescription: 'carrousel',
    slideRoleDescription: 'diapositive',
    slideLabel: (position, count, title) => `${position} sur ${count} : ${title}`,
    previous: 'Image précédente',
    next: 'Image suivante',
    pause: 'Mettre en pause',
    resume: 'Reprendre le défilement',
  },
  nav: {
    label: 'Navigation principale',
    menu: 'Menu',
    quote: 'Devis gratuit',
    quoteSubject: 'Demande de devis gratuit',
    languageSwitch: 'Langue',
  },
  footer: {
    adminSpace: ' — espace administrateur',
    contactTitle: 'Contact',
    socialsLabel: 'Réseaux sociaux de l’agence',
    quickLinks: 'Liens rapides',
    rights: 'Tous droits réservés.',
  },
  counters: { label: 'L’agence en chiffres' },
  home: {
    servicesKicker: 'Nos services',
    servicesTitle: 'Tout pour développer votre activité',
    teamKicker: 'L’équipe',
    foundersTitle: 'Les membres fondateurs',
    portfolioKicker: 'Portfolio',
    portfolioTitle: 'Nos dernières réalisations',
    portfolioAll: 'Voir tout le portfolio',
  },
  reasons: { kicker: 'Pourquoi nous choisir', title: 'Six raisons de nous confier votre projet' },
  servicesGrid: { order: 'Commander', orderLabel: (title) => `Commander : ${title}` },
  training: { kicker: 'Formations', contact: 'Contactez-nous pour une formation' },
  founders: {
    badge: 'Membre fondateur',
    linksLabel: (role) => `Liens du ${role.toLowerCase()}`,
  },
  projects: {
    client: 'Client : ',
    open: 'Voir le projet',
    newTab: '(nouvel onglet)',
    developmentBadge: 'Développement',
  },
  servicesPage: {
    offersKicker: 'Nos offres',
    kicker: 'Ce que nous faisons',
    servicesTitle: 'Nos services',
    budgetToDefine: 'budget à définir',
    featured: 'Le plus demandé',
    from: 'À partir de',
    order: 'Commandez Maintenant',
    orderLabel: (title) => `Commandez Maintenant : ${title}`,
    custom: 'Une demande particulière ? Demandez un devis sur mesure.',
  },
  portfolioPage: { kicker: 'Portfolio' },
  teamPage: {
    kicker: 'Équipe',
    foundersTitle: 'Membres fondateurs',
    workKicker: 'Au quotidien',
    workTitle: 'Équipe de travail',
    studyLevel: 'Niveau d’études : ',
  },
  contactPage: {
    kicker: 'Contact',
    phone: 'Téléphone',
    email: 'E-mail',
    address: 'Adresse',
    write: 'Écrivez-nous',
    find: 'Nous trouver',
  },
  privacyPage: { kicker: 'Vos données', updated: 'Dernière mise à jour :' },
  noScriptForm: {
    before: 'L’envoi du formulaire demande JavaScript. Écrivez-nous à ',
    or: ' ou appelez le ',
    after: '.',
  },
  map: {
    titlePrefix: 'Plan d’accès : ',
    note: 'La carte est fournie par OpenStreetMap et ne se charge qu’à votre demande.',
    show: 'Afficher la carte',
    open: 'Ouvrir le plan dans un nouvel onglet',
  },
};

/** Everything the French public pages say (the Arabic twin: ar.ts). */
export const fr: Catalogue = {
  language: 'fr',
  locale: localeOf('fr').intl,
  ogLocale: localeOf('fr').ogLocale,
  agency,
  navItems,
  banners,
  counters,
  reasons,
  services,
  callUs,
  training,
  plans,
  pricing,
  servicesBox,
  portfolio,
  founders,
  workTeam,
  contactSection,
  privacy,
  pageMeta,
  ui,
};

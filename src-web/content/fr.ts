/**
 * The words of the French public pages (the language of the specification, and of the owner's
 * screens): every text, matched to the agency's facts (facts.ts) by id. Nothing here is a
 * fact: a phone number, a price, a date or an address on the web is written in facts.ts, once
 * for every language; the agency's name comes from shared/content/agency.ts.
 */
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import { ROUTES } from '../../shared/domain/routes.ts';
import { AGENCY_FACTS } from './facts.ts';
import type { Catalogue, PageMetaTable, UiText } from './types.ts';
import { catalogueFromWords, type CatalogueWords } from './words.ts';

const NAME = AGENCY_NAMES.fr;

/** Each page's title, description and heading (the owner's screens read them too). */
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
const ui: UiText = {
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
  whatsapp: {
    label: 'WhatsApp',
    name: 'Écrire à l’agence sur WhatsApp',
    planLabel: 'Demander sur WhatsApp',
    planName: (title) => `Demander sur WhatsApp : ${title}`,
    pageText: (page) => `Bonjour, je vous écris depuis la page « ${page} » de votre site.`,
    planText: (title, price) => `Bonjour, je suis intéressé par l’offre ${title} (${price}).`,
    siteText: 'Bonjour, je vous écris depuis votre site.',
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

/** The agency's words: its promise, its address, its opening hours, its networks' links. */
export const agencyWords: CatalogueWords['agency'] = {
  tagline: 'Votre agence numérique à Tlemcen : développement, design et audiovisuel.',
  about: `${NAME} est une agence numérique installée à Tlemcen, au service des entreprises de l’Ouest algérien. Nous concevons des sites web, des applications mobiles, des identités visuelles et des vidéos, et nous animons vos réseaux sociaux. Une seule équipe vous accompagne, de l’idée au lancement.`,
  address: {
    street: '12, boulevard de l’Indépendance',
    town: 'Tlemcen',
    region: 'Wilaya de Tlemcen',
    country: 'Algérie',
    display: `12, boulevard de l’Indépendance, ${AGENCY_FACTS.postalCode} Tlemcen, Algérie`,
  },
  openingHours: 'Du dimanche au jeudi, de 8 h 30 à 17 h 30 ; assistance 24 h/24, 7 j/7',
  socials: {
    facebook: `Page Facebook d’${NAME}`,
    instagram: `Compte Instagram d’${NAME}`,
    linkedin: `Page LinkedIn d’${NAME}`,
    tiktok: `Compte TikTok d’${NAME}`,
  },
};

/** Each plan's name, summary, unit and features. */
export const plansWords: CatalogueWords['plans'] = {
  'site-statique': {
    title: 'Site statique',
    summary: 'Un site vitrine en HTML/CSS ou sur WordPress',
    priceUnit: 'le site',
    features: [
      'Jusqu’à 5 pages',
      'Design adapté aux mobiles et aux tablettes',
      'Formulaire de contact',
      'Référencement naturel de base',
      'Mise en ligne incluse',
    ],
  },
  'site-dynamique': {
    title: 'Site dynamique',
    summary: 'Un site que vous mettez à jour vous-même',
    priceUnit: 'le site',
    features: [
      'Pages illimitées',
      'Espace d’administration pour gérer vos contenus',
      'Blog ou actualités',
      'Design adapté aux mobiles et aux tablettes',
      'Référencement naturel optimisé',
      'Formation à la prise en main',
    ],
  },
  'application-mobile': {
    title: 'Application mobile',
    summary: 'Une application pour Android et iPhone',
    priceUnit: 'l’application',
    features: [
      'Compatible Android et iPhone',
      'Maquettes et parcours utilisateur',
      'Notifications',
      'Publication sur les magasins d’applications',
      'Trois mois de maintenance',
    ],
  },
  'publicite-sponsorisee': {
    title: 'Publicité sponsorisée',
    summary: 'Des campagnes sur Facebook, Instagram et TikTok',
    priceUnit: 'la campagne',
    features: [
      'Choix des réseaux et des formats publicitaires',
      'Ciblage par région, âge et centres d’intérêt',
      'Création des visuels de la campagne',
      'Suivi et ajustement en cours de campagne',
      'Rapport de résultats',
    ],
  },
  'suivi-de-page': {
    title: 'Suivi de page',
    summary: 'La gestion de vos pages sur les réseaux sociaux',
    priceUnit: 'par mois',
    features: [
      'Gestion de deux réseaux sociaux',
      'Calendrier de publication',
      '12 publications par mois',
      'Réponses aux messages et aux commentaires',
      'Rapport mensuel',
    ],
  },
  'suivi-et-creation': {
    title: 'Suivi et création de contenu',
    summary: 'Vos pages gérées et vos contenus créés par nos soins',
    priceUnit: 'par mois',
    features: [
      'Tout le suivi de page',
      'Visuels créés sur mesure',
      'Deux vidéos courtes par mois',
      'Rédaction des textes de publication',
      'Rapport mensuel détaillé',
    ],
  },
  'shooting-photo': {
    title: 'Shooting photo professionnel',
    summary: 'Des photos de vos produits, de vos locaux ou de votre équipe',
    priceUnit: 'la séance',
    features: [
      'Séance de deux heures',
      'Photographe et matériel professionnel',
      '20 photos retouchées',
      'Fichiers en haute définition',
    ],
  },
  'video-publicitaire': {
    title: 'Vidéo publicitaire',
    summary: 'Une vidéo courte pour présenter votre activité',
    priceUnit: 'la vidéo',
    features: [
      'Écriture du scénario',
      'Tournage sur place',
      'Montage et musique libre de droits',
      'Format adapté aux réseaux sociaux',
    ],
  },
  'video-motion-design': {
    title: 'Vidéo en motion design',
    summary: 'Une animation graphique pour expliquer votre offre',
    priceUnit: 'la vidéo',
    features: [
      'Script et storyboard',
      'Animation de vos textes, logos et illustrations',
      'Voix off ou sous-titres',
      'Jusqu’à 60 secondes',
      'Deux séries de corrections',
    ],
  },
};

/** Every French word of the public pages. */
export const frenchWords: CatalogueWords = {
  agency: agencyWords,
  navItems: {
    [ROUTES.home]: 'Accueil',
    [ROUTES.services]: 'Services',
    [ROUTES.portfolio]: 'Portfolio',
    [ROUTES.team]: 'Équipe',
    [ROUTES.contact]: 'Contact',
    [ROUTES.privacy]: 'Confidentialité',
  },
  banners: {
    'banner-1': {
      alt: 'Illustration d’un écran d’ordinateur affichant un site web en construction, entouré de balises de code',
      title: 'Des sites web qui travaillent pour vous',
      text: 'Sites vitrines, sites dynamiques et boutiques en ligne, rapides et adaptés à tous les écrans.',
    },
    'banner-2': {
      alt: 'Illustration de deux smartphones et d’une tablette affichant une application mobile',
      title: 'Votre application dans la poche de vos clients',
      text: 'Nous développons vos applications pour Android, iPhone et ordinateur, de la maquette à la publication.',
    },
    'banner-3': {
      alt: 'Illustration d’un bouclier et d’un cadenas protégeant un serveur et des données',
      title: 'Protégez vos données',
      text: 'Audit, sécurisation et surveillance de vos sites et de vos systèmes contre les attaques.',
    },
    'banner-4': {
      alt: 'Illustration d’un logo sur une carte de visite, d’un nuancier de couleurs et d’un panneau publicitaire',
      title: 'Une image de marque qui vous ressemble',
      text: 'Logos, chartes graphiques, cartes de visite et panneaux publicitaires prêts à imprimer.',
    },
    'banner-5': {
      alt: 'Illustration d’une caméra, d’un clap de cinéma et d’icônes de réseaux sociaux',
      title: 'Faites parler de vous',
      text: 'Vidéos publicitaires, montage et gestion de vos réseaux sociaux pour toucher votre public.',
    },
    'banner-6': {
      alt: 'Illustration d’une salle de formation avec un formateur devant un écran et des participants',
      title: 'Formez-vous aux métiers du numérique',
      text: 'Des formations en présentiel, à distance ou avec certificat international, encadrées par des professionnels.',
    },
  },
  counters: {
    clients: {
      label: 'Clients satisfaits',
      sentence: { one: '{n} client satisfait', other: '{n} clients satisfaits' },
    },
    projects: {
      label: 'Projets réalisés',
      sentence: { one: '{n} projet réalisé', other: '{n} projets réalisés' },
    },
    certifications: {
      label: 'Certifications',
      sentence: { one: '{n} certification', other: '{n} certifications' },
    },
  },
  reasons: {
    best: {
      title: 'Les meilleurs du secteur',
      text: 'Nos réalisations et la fidélité de nos clients font de nous une référence du numérique dans l’Ouest algérien.',
    },
    skills: {
      title: 'Compétences et technologie',
      text: 'Nous travaillons avec des outils récents et éprouvés, choisis pour la performance et la durée de vie de vos projets.',
    },
    team: {
      title: 'Une équipe professionnelle',
      text: 'Développeurs, designers et vidéastes diplômés travaillent ensemble sur chaque projet, avec un interlocuteur unique pour vous.',
    },
    fields: {
      title: 'Des domaines variés',
      text: 'Du site web à la vidéo publicitaire, en passant par la sécurité informatique et l’impression, tout se fait sous le même toit.',
    },
    advice: {
      title: 'Accompagnement et conseil',
      text: 'Nous vous aidons à définir vos besoins et votre budget, puis nous restons à vos côtés après la livraison.',
    },
    support: {
      title: 'Assistance 24 h/24, 7 j/7',
      text: 'Une question ou un imprévu ? Notre équipe d’assistance vous répond à toute heure, week-end compris.',
    },
  },
  services: {
    'developpement-web': {
      title: 'Développement de sites web',
      text: 'Sites sur WordPress ou développés sur mesure, rapides, sécurisés et faciles à mettre à jour.',
    },
    'applications-mobiles': {
      title: 'Applications mobiles',
      text: 'Applications pour Android, iPhone et ordinateur, pensées pour vos clients et vos équipes.',
    },
    cybersecurite: {
      title: 'Cybersécurité',
      text: 'Audit de sécurité, protection de vos sites et de vos données, sauvegardes et surveillance.',
    },
    'logo-identite': {
      title: 'Logo et identité visuelle',
      text: 'Création de logos et de chartes graphiques qui rendent votre marque reconnaissable.',
    },
    'panneaux-publicitaires': {
      title: 'Panneaux publicitaires',
      text: 'Conception de panneaux, enseignes et bâches publicitaires lisibles de loin, prêts pour l’impression.',
    },
    'cartes-de-visite': {
      title: 'Cartes de visite',
      text: 'Des cartes de visite soignées, fidèles à votre identité, conçues et imprimées pour vous.',
    },
    'reseaux-sociaux': {
      title: 'Gestion des réseaux sociaux',
      text: 'Animation de vos pages Facebook, Instagram et TikTok : publications régulières et réponses à vos abonnés.',
    },
    'gestion-campagnes': {
      title: 'Gestion de campagnes',
      text: 'Campagnes sponsorisées ciblées, suivies et ajustées pour tirer le meilleur de votre budget.',
    },
    'creation-contenu': {
      title: 'Création de contenu',
      text: 'Visuels, textes et vidéos courtes adaptés à chaque réseau et à votre public.',
    },
    'montage-video': {
      title: 'Montage vidéo',
      text: 'Montage, habillage, sous-titres et étalonnage de vos vidéos pour le web et les réseaux sociaux.',
    },
    'videos-publicitaires': {
      title: 'Vidéos publicitaires',
      text: 'Du scénario au tournage et au montage, des vidéos qui présentent votre activité en quelques secondes.',
    },
  },
  callUs: {
    title: 'Appelez-nous pour un devis',
    text: 'Un projet en tête ? Un simple appel suffit : nous étudions votre besoin et vous proposons un devis gratuit.',
  },
  training: {
    title: 'Nos formations',
    intro:
      'Développez vos compétences en développement, en design ou en audiovisuel avec nos formateurs, selon la formule qui vous convient.',
    offers: {
      presentiel: {
        title: 'Formation en présentiel',
        text: 'Des sessions en petits groupes dans nos locaux de Tlemcen, avec un formateur à vos côtés.',
        points: [
          'Groupes réduits pour un suivi personnalisé',
          'Exercices pratiques sur des projets réels',
          'Attestation de formation en fin de session',
        ],
      },
      international: {
        title: 'Formation internationale payante',
        text: 'Des parcours certifiants dont les certificats sont reconnus à l’étranger.',
        points: [
          'Certificats reconnus à l’international',
          'Programmes alignés sur les standards du métier',
          'Préparation aux examens de certification',
        ],
      },
      distance: {
        title: 'Formation à distance',
        text: 'Des cours en direct sur une plateforme de visioconférence payante, où que vous soyez.',
        points: [
          'Cours en direct avec le formateur',
          'Plateforme de visioconférence payante, stable et sécurisée',
          'Horaires adaptés aux étudiants et aux salariés',
        ],
      },
    },
  },
  plans: plansWords,
  pricing: {
    kicker: 'Tarifs',
    title: 'Nos formules',
    text: 'Les prix indiqués sont des tarifs de départ en dinars algériens (DZD) ; le devis final dépend de votre projet.',
  },
  servicesBox: {
    title: 'Besoin de plus de détails ?',
    text: 'Appelez-nous : nous répondons à toutes vos questions sur nos services et nos tarifs.',
  },
  portfolio: {
    'boulangerie-epis-dor': {
      title: 'Site vitrine et commandes de gâteaux',
      client: 'Boulangerie Les Épis d’Or',
      category: 'Site vitrine',
      alt: 'Page d’accueil du site d’une boulangerie, avec des pains et des gâteaux en vitrine',
    },
    'clinique-les-oliviers': {
      title: 'Site de prise de rendez-vous médicaux',
      client: 'Clinique Les Oliviers',
      category: 'Site dynamique',
      alt: 'Page d’une clinique présentant ses spécialités et un calendrier de rendez-vous',
    },
    'auto-location-tlemcen': {
      title: 'Application de réservation de véhicules',
      client: 'Auto Location Tlemcen',
      category: 'Application mobile',
      alt: 'Écrans d’une application mobile de location de voitures avec un catalogue de véhicules',
    },
    'immobilier-les-remparts': {
      title: 'Catalogue de biens immobiliers en ligne',
      client: 'Agence immobilière Les Remparts',
      category: 'Site dynamique',
      alt: 'Site d’une agence immobilière affichant des annonces d’appartements et de villas',
    },
    'ecole-les-jasmins': {
      title: 'Site et espace parents',
      client: 'École privée Les Jasmins',
      category: 'Site dynamique',
      alt: 'Site d’une école privée montrant une salle de classe et le calendrier scolaire',
    },
    'restaurant-terrasse-mansourah': {
      title: 'Site vitrine et menu en ligne',
      client: 'Restaurant La Terrasse de Mansourah',
      category: 'Site vitrine',
      alt: 'Site d’un restaurant présentant sa carte et des photos de plats',
    },
    'hotel-les-cascades': {
      title: 'Site de réservation de chambres',
      client: 'Hôtel Les Cascades',
      category: 'Site dynamique',
      alt: 'Site d’un hôtel avec une chambre, une piscine et un formulaire de réservation',
    },
    'medina-mode': {
      title: 'Boutique de vêtements en ligne',
      client: 'Boutique Médina Mode',
      category: 'E-commerce',
      alt: 'Boutique en ligne de vêtements affichant des articles et un panier',
    },
    'transports-express-ouest': {
      title: 'Application de suivi des livraisons',
      client: 'Transports Express de l’Ouest',
      category: 'Application mobile',
      alt: 'Application mobile de suivi de camions sur une carte avec l’état des livraisons',
    },
    'tlemcen-solidarite': {
      title: 'Site associatif et appel aux dons',
      client: 'Association Tlemcen Solidarité',
      category: 'Site vitrine',
      alt: 'Site d’une association présentant ses actions solidaires et un bouton de don',
    },
  },
  founders: {
    fullstack: {
      role: 'Développeur full-stack',
      bio: 'Il conçoit vos sites et vos applications de bout en bout, de l’interface jusqu’au serveur et à la base de données.',
      alt: 'Portrait illustré du développeur full-stack',
      links: {
        github: 'GitHub du développeur full-stack',
        linkedin: 'LinkedIn du développeur full-stack',
      },
    },
    engineer: {
      role: 'Ingénieur logiciel',
      bio: 'Il pense l’architecture de vos projets et veille à leur fiabilité, à leur sécurité et à leurs performances.',
      alt: 'Portrait illustré de l’ingénieur logiciel',
      links: {
        github: 'GitHub de l’ingénieur logiciel',
        linkedin: 'LinkedIn de l’ingénieur logiciel',
        website: 'Site personnel de l’ingénieur logiciel',
      },
    },
    studio: {
      role: 'Vidéaste et designer',
      bio: 'Il filme, monte et met en forme l’image de votre marque, du logo à la vidéo publicitaire.',
      alt: 'Portrait illustré du vidéaste et designer',
      links: {
        behance: 'Behance du vidéaste et designer',
        instagram: 'Instagram du vidéaste et designer',
        linkedin: 'LinkedIn du vidéaste et designer',
      },
    },
  },
  workTeam: {
    'front-end': { role: 'Développeur front-end', studyLevel: 'Master en informatique' },
    'back-end': { role: 'Développeur back-end', studyLevel: 'Ingénieur d’État en informatique' },
    mobile: { role: 'Développeur mobile', studyLevel: 'Licence en informatique' },
    'ui-ux': {
      role: 'Designer UI/UX',
      studyLevel: 'Master en informatique, option interaction homme-machine',
    },
    'graphic-design': { role: 'Graphiste', studyLevel: 'Licence en design graphique' },
    security: { role: 'Analyste en cybersécurité', studyLevel: 'Master en sécurité informatique' },
    community: {
      role: 'Community manager',
      studyLevel: 'Licence en sciences de l’information et de la communication',
    },
    campaigns: {
      role: 'Responsable des campagnes publicitaires',
      studyLevel: 'Master en marketing digital',
    },
    writer: {
      role: 'Rédacteur de contenu',
      studyLevel: 'Licence en langue et littérature françaises',
    },
    video: { role: 'Vidéaste', studyLevel: 'Technicien supérieur en audiovisuel' },
    editing: {
      role: 'Monteur vidéo et motion designer',
      studyLevel: 'Technicien supérieur en infographie',
    },
    'project-lead': { role: 'Chef de projet', studyLevel: 'Master en management de projets' },
  },
  contactSection: {
    title: 'Contactez-nous',
    supportNote: 'Assistance disponible 24 h/24, 7 j/7 : nous répondons à chaque message.',
    intro:
      'Décrivez-nous votre projet ou posez votre question : remplissez le formulaire et nous revenons vers vous rapidement.',
  },
  privacy: {
    intro: `Chez ${NAME}, nous respectons votre vie privée. Voici, en quelques lignes claires, ce que nous faisons des informations que vous nous confiez.`,
    sections: {
      introduction: {
        title: 'Introduction',
        paragraphs: [
          `La présente politique explique quelles données personnelles ${NAME} recueille par le formulaire de contact de ce site, pourquoi nous les recueillons et comment nous les protégeons.`,
          'Elle s’inscrit dans le cadre de la loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel.',
        ],
      },
      utilisation: {
        title: 'Utilisation des informations',
        paragraphs: [
          'Lorsque vous nous écrivez, nous recueillons les informations que vous saisissez dans le formulaire : votre nom complet, le service qui vous intéresse, votre adresse e-mail, votre numéro de téléphone, le sujet et le contenu de votre message, ainsi que la date d’envoi.',
          'Ces informations servent uniquement à répondre à votre demande et, si vous le souhaitez, à établir un devis ou à assurer le suivi de votre projet. Nous ne les utilisons pas à des fins de prospection sans votre accord.',
          'Nous les conservons pendant la durée nécessaire au traitement de votre demande et au suivi de notre échange, puis au plus douze mois après notre dernier contact, avant de les supprimer.',
        ],
      },
      partage: {
        title: 'Partage des informations',
        paragraphs: [
          'Vos données ne sont ni vendues, ni louées, ni cédées à des tiers. Seuls les membres de notre équipe chargés de traiter votre demande y ont accès.',
          'Elles sont enregistrées chez notre prestataire d’hébergement, qui les stocke pour notre compte et ne peut pas les utiliser à ses propres fins. Nous ne les communiquons à une autorité que lorsque la loi nous y oblige.',
        ],
      },
      protection: {
        title: 'Protection des informations',
        paragraphs: [
          'Les échanges entre votre navigateur et notre site sont chiffrés. L’accès aux messages reçus est réservé à un compte administrateur protégé.',
          'Aucun système n’étant infaillible, nous ne pouvons garantir une sécurité absolue, mais nous appliquons des mesures techniques et organisationnelles adaptées pour éviter toute perte, tout accès non autorisé ou toute divulgation de vos données.',
        ],
      },
      droits: {
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
      modifications: {
        title: 'Modifications de la politique',
        paragraphs: [
          'Nous pouvons mettre à jour cette politique pour tenir compte d’une évolution du site ou de la réglementation. La date de la dernière mise à jour figure en bas de cette page ; nous vous invitons à la consulter régulièrement.',
        ],
      },
      contact: {
        title: 'Nous contacter',
        paragraphs: [
          'Pour exercer vos droits ou pour toute question sur cette politique, écrivez-nous à l’adresse ci-dessous. Nous vous répondons dans les meilleurs délais.',
        ],
      },
    },
  },
  pageMeta,
  ui,
};

/** Everything the French public pages say (the Arabic twin: ar.ts). */
export const fr: Catalogue = /* @__PURE__ */ catalogueFromWords('fr', frenchWords);

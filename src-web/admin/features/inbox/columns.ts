/** The dashboard's columns, word for word (docs/architecture.md). */
export const DASHBOARD_COLUMNS = [
  '#',
  'Nom Complet',
  'Service',
  'Email',
  'Téléphone',
  'Sujet',
  'Message',
  "Date d'Enregistrement",
] as const;

/** The columns of spec section 2, word for word. */
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

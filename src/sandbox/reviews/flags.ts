/** `GET /flags`: the reasons a review can be flagged for, as recorded. */
export const FLAG_REASONS: readonly { reason: string; description: string }[] = [
  { reason: 'bad_language', description: 'Περιέχει απρεπείς εκφράσεις' },
  { reason: 'wrong_section', description: 'Περιέχει ερώτηση/συζήτηση' },
  { reason: 'spam', description: 'Περιέχει παραπλανητικές πληροφορίες' },
];

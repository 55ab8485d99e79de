import type { Rng } from './random.js';
import type { Sentiment } from './types.js';

/**
 * Reviews shorter than this are demoted (listed last), in the seed and when a test writes one:
 * the one-liners a moderator would push down. The recorded 30-character test review was demoted.
 */
export const DEMOTE_BELOW_CHARS = 40;

export function isDemoted(text: string): boolean {
  return text.trim().length < DEMOTE_BELOW_CHARS;
}

const SHORT = ['', '', 'Τέλειο!', 'Καλό.', 'Ό,τι πρέπει', 'Χάλια', 'Πολύ καλό προϊόν!!!', 'Μέτριο'];

const OPENINGS: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Το χρησιμοποιώ εδώ και λίγους μήνες και είμαι απόλυτα ικανοποιημένος.',
    'Εξαιρετική αγορά, ξεπέρασε τις προσδοκίες μου από την πρώτη μέρα.',
    'Το πήρα μετά από πολλή έρευνα και δεν το έχω μετανιώσει καθόλου.',
  ],
  4: [
    'Πολύ καλό για τα χρήματά του, με μικρές αδυναμίες.',
    'Γενικά ικανοποιημένος μετά από αρκετούς μήνες χρήσης.',
    'Καλή επιλογή, κάνει σωστά τη δουλειά του χωρίς εκπλήξεις.',
  ],
  3: [
    'Μέτριο, περίμενα λίγο περισσότερα από αυτό το προϊόν.',
    'Ούτε καλό ούτε κακό, για την τιμή του είναι εντάξει.',
  ],
  2: [
    'Δυστυχώς δεν ανταποκρίθηκε στις προσδοκίες μου μετά τον πρώτο μήνα.',
    'Αρκετά προβλήματα από την αρχή, δεν το συνιστώ εύκολα.',
  ],
  1: [
    'Πολύ κακή αγορά, χάλασε μέσα σε λίγες εβδομάδες χρήσης.',
    'Απογοήτευση από την πρώτη στιγμή, το επέστρεψα στο κατάστημα.',
  ],
};

const ASPECT_PHRASES: Readonly<Record<Sentiment, readonly string[]>> = {
  positive: ['είναι εξαιρετική', 'με κάλυψε πλήρως', 'είναι πολύ καλή'],
  mediocre: ['θα μπορούσε να είναι καλύτερη', 'είναι μέτρια', 'είναι απλώς αποδεκτή'],
  negative: ['με απογοήτευσε', 'είναι κακή', 'δεν είναι αυτό που περίμενα'],
};

const CLOSINGS: Readonly<Record<number, string>> = {
  5: 'Το συνιστώ ανεπιφύλακτα!',
  4: 'Αξίζει τα λεφτά του.',
  3: 'Θα το σκεφτόμουν ξανά πριν το αγοράσω.',
  2: 'Δεν θα το ξαναγόραζα.',
  1: 'Μακριά!',
};

/** A one-liner under DEMOTE_BELOW_CHARS, or empty. */
export function shortReviewText(rng: Rng): string {
  return rng.pick(SHORT);
}

/** A full review that agrees with its rating and with the sentiments of the answers it chose. */
export function reviewText(
  rng: Rng,
  rating: number,
  aspects: readonly { aspect: string; sentiment: Sentiment }[],
): string {
  const parts = [rng.pick(OPENINGS[rating] ?? OPENINGS[3] ?? [''])];
  for (const { aspect, sentiment } of rng.sample(aspects, 2)) {
    parts.push(`${aspect}: ${rng.pick(ASPECT_PHRASES[sentiment])}.`);
  }
  parts.push(CLOSINGS[rating] ?? '');
  return parts.join(' ').trim();
}

export const POSITIVE_SHOP_REASONS = [
  'ontime',
  'friendly',
  'good_packaging',
  'good_prices',
  'fast_refund',
  'responsive',
] as const;

export const NEGATIVE_SHOP_REASONS = [
  'order_status_absent',
  'wrong_availability',
  'bad_communication',
  'late_delivery',
  'bad_packaging',
] as const;

const SHOP_POSITIVE = [
  'Άψογη εξυπηρέτηση, γρήγορη αποστολή και πολύ καλή συσκευασία. Θα ξαναψωνίσω σίγουρα.',
  'Η παραγγελία έφτασε την επόμενη μέρα, ακριβώς όπως περιγραφόταν. Ευχαριστώ!',
  'Πολύ καλές τιμές και άμεση επικοινωνία όταν χρειάστηκε να αλλάξω τη διεύθυνση.',
  'Δεύτερη φορά που παραγγέλνω, όλα τέλεια και πάλι.',
];

const SHOP_NEGATIVE = [
  'Η παραγγελία άργησε πάνω από δύο εβδομάδες και κανείς δεν απαντούσε στο τηλέφωνο.',
  'Το προϊόν εμφανιζόταν διαθέσιμο αλλά τελικά δεν υπήρχε, έμαθα μετά από πολλά τηλεφωνήματα.',
  'Ήρθε με κατεστραμμένη συσκευασία και η επιστροφή χρημάτων καθυστέρησε πολύ.',
];

const SHOP_REPLIES = {
  positive: 'Σας ευχαριστούμε θερμά για την κριτική σας!',
  negative: 'Λυπούμαστε για την ταλαιπωρία. Επικοινωνήστε μαζί μας για να το διορθώσουμε.',
} as const;

export function shopReviewText(rng: Rng, negative: boolean): string {
  return rng.pick(negative ? SHOP_NEGATIVE : SHOP_POSITIVE);
}

export function shopReplyText(negative: boolean): string {
  return negative ? SHOP_REPLIES.negative : SHOP_REPLIES.positive;
}

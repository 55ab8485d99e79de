import type { Rng } from './random.js';
import type { ReviewAnswerRecord, ReviewFormRecord, ReviewQuestionRecord, Sentiment } from './types.js';

/** An `eval_sentiment` question: its text and the aspect label its answers rate. */
type Eval = readonly [text: string, aspect: string];

interface FormPlan {
  requiresBody: boolean;
  profiling?: { text: string; answers: readonly string[] };
  evals: readonly Eval[];
}

const VALUE: Eval = ['Αξίζει τα χρήματά του;', 'Σχέση ποιότητας τιμής'];
const CASE: FormPlan = {
  requiresBody: false,
  evals: [['Προστατεύει καλά τη συσκευή;', 'Προστασία'], ['Εφαρμόζει σωστά στη συσκευή;', 'Εφαρμογή'], VALUE],
};
const DISK: FormPlan = {
  requiresBody: false,
  profiling: { text: 'Για ποια χρήση τον αγόρασες;', answers: ['Gaming', 'Γραφείο', 'Backup', 'Μοντάζ'] },
  evals: [['Είναι γρήγορος στη χρήση;', 'Ταχύτητα'], ['Είναι αθόρυβος;', 'Θόρυβος'], VALUE],
};
const CLOTHING: FormPlan = {
  requiresBody: false,
  evals: [
    ['Είναι άνετο;', 'Άνεση'],
    ['Ταιριάζει το νούμερο;', 'Νούμερο'],
    ['Είναι καλή η ποιότητα κατασκευής;', 'Ποιότητα'],
    VALUE,
  ],
};
const MOTO: FormPlan = {
  requiresBody: false,
  evals: [['Κάνει αυτό που υπόσχεται;', 'Αποτελεσματικότητα'], VALUE],
};

/**
 * The questions of each leaf category. The phone form is the recorded one; the others follow its
 * pattern. Tablets (1105) and washing machines (1133) require a review text, so tests can find a
 * form with `requires_body` true.
 */
const PLANS: Readonly<Record<number, FormPlan>> = {
  40: {
    requiresBody: false,
    profiling: {
      text: 'Πως χρησιμοποιείς το κινητό σου τηλέφωνο;',
      answers: ['Κλήσεις', 'Social Media', 'Φωτογραφίες - Video', 'Browsing', 'Παιχνίδια', 'Μουσική'],
    },
    evals: [
      ['Μιλάς και ακούγεσαι καθαρά κατά την κλήση;', 'Ποιότητα κλήσης'],
      ['Βγάζει καλές φωτογραφίες;', 'Φωτογραφίες'],
      ['Τραβάει καλής ποιότητας video;', 'Καταγραφή Video'],
      ['To ηχείο έχει καλή ποιότητα για μουσική;', 'Μουσική'],
      ['Συντονίζεται άμεσα το GPS;', 'GPS'],
      ['Είναι γρήγορο κατά τη λειτουργία του;', 'Ταχύτητα'],
      VALUE,
      ['Η οθόνη του έχει καλή ανάλυση;', 'Ανάλυση οθόνης'],
    ],
  },
  579: CASE,
  1608: CASE,
  1705: {
    requiresBody: false,
    profiling: {
      text: 'Για τι το χρησιμοποιείς;',
      answers: ['Τρέξιμο', 'Ειδοποιήσεις', 'Ύπνος', 'Γυμναστήριο'],
    },
    evals: [
      ['Η μπαταρία του κρατάει αρκετά;', 'Μπαταρία'],
      ['Μετράει σωστά τη δραστηριότητα;', 'Μετρήσεις'],
      ['Είναι άνετο στο χέρι;', 'Άνεση'],
      VALUE,
    ],
  },
  1105: {
    requiresBody: true,
    profiling: {
      text: 'Πως χρησιμοποιείς το tablet σου;',
      answers: ['Browsing', 'Video', 'Παιχνίδια', 'Σχολείο'],
    },
    evals: [
      ['Η οθόνη του έχει καλή ανάλυση;', 'Ανάλυση οθόνης'],
      ['Είναι γρήγορο κατά τη λειτουργία του;', 'Ταχύτητα'],
      ['Η μπαταρία του κρατάει αρκετά;', 'Μπαταρία'],
      VALUE,
    ],
  },
  88: DISK,
  89: DISK,
  1351: CLOTHING,
  1402: CLOTHING,
  1257: MOTO,
  1229: MOTO,
  1133: {
    requiresBody: true,
    evals: [
      ['Πλένει καλά;', 'Πλύσιμο'],
      ['Είναι αθόρυβο;', 'Θόρυβος'],
      ['Είναι οικονομικό στην κατανάλωση;', 'Κατανάλωση'],
      VALUE,
    ],
  },
  1205: {
    requiresBody: false,
    evals: [['Φτιάχνει καλό καφέ;', 'Ποιότητα καφέ'], ['Καθαρίζεται εύκολα;', 'Καθαρισμός'], VALUE],
  },
};

const GENERIC: FormPlan = { requiresBody: false, evals: [VALUE] };

const EVAL_ANSWERS: readonly (readonly [string, Sentiment])[] = [
  ['Ναι', 'positive'],
  ['Έτσι κι έτσι', 'mediocre'],
  ['Όχι', 'negative'],
];

/** One form per leaf category, with answer ids unique across all forms. */
export function buildReviewForms(rng: Rng, leafIds: readonly number[]): ReviewFormRecord[] {
  let nextId = 504;
  const answer = (text: string, sentiment: Sentiment | null): ReviewAnswerRecord => ({
    id: nextId++,
    text,
    sentiment,
  });
  return leafIds.map((categoryId) => {
    const plan = PLANS[categoryId] ?? GENERIC;
    const questions: ReviewQuestionRecord[] = [];
    if (plan.profiling) {
      questions.push({
        text: plan.profiling.text,
        type: 'profiling_multiple',
        aspect: null,
        answers: plan.profiling.answers.map((text) => answer(text, null)),
      });
    }
    for (const [text, aspect] of plan.evals) {
      // Gaps between questions, as in the recorded form (ids 504-512, then 537).
      nextId += rng.chance(0.3) ? rng.int(1, 30) : 0;
      questions.push({
        text,
        type: 'eval_sentiment',
        aspect,
        answers: EVAL_ANSWERS.map(([label, sentiment]) => answer(label, sentiment)),
      });
    }
    return { category_id: categoryId, requires_body: plan.requiresBody, questions };
  });
}

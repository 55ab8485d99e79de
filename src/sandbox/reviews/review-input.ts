import type { ReviewFormRecord } from '../data/types.js';
import { HttpError } from '../http/http-error.js';
import { listParam } from '../http/params.js';

/** The fields a review is written with. */
export interface ReviewFields {
  rating: number;
  review: string;
  answer_ids: number[];
}

/** What a create or update sent, as text; a field it did not send is undefined. */
export interface ReviewInput {
  rating?: string;
  review?: string;
  answerIds?: string[];
}

/** `review[rating]`, `review[review]`, `review[answer_ids][]` from the merged query and body. */
export function readReviewInput(params: URLSearchParams): ReviewInput {
  const input: ReviewInput = {};
  const rating = params.get('review[rating]');
  if (rating !== null) input.rating = rating;
  const review = params.get('review[review]');
  if (review !== null) input.review = review;
  if (params.has('review[answer_ids]') || params.has('review[answer_ids][]'))
    input.answerIds = listParam(params, 'review[answer_ids]');
  return input;
}

/** 422 in the errors format, with every problem found, as a failed Rails validation answers. */
export function recordInvalid(...messages: string[]): HttpError {
  return new HttpError(422, 'RecordInvalid', ...messages);
}

/**
 * The review's fields after applying `input` over `current` (null on create), checked against the
 * form: a rating 1-5, a text when the form requires one, known answer ids with at most one answer
 * per sentiment question. Throws a 422 listing what is wrong.
 */
export function resolveReview(
  input: ReviewInput,
  current: ReviewFields | null,
  form: ReviewFormRecord | undefined,
): ReviewFields {
  const problems: string[] = [];
  let rating = current?.rating ?? Number.NaN;
  if (input.rating !== undefined)
    rating = /^\s*\d+\s*$/.test(input.rating) ? Number(input.rating) : Number.NaN;
  if (!(rating >= 1 && rating <= 5)) problems.push('Rating must be an integer from 1 to 5');

  const review = input.review ?? current?.review ?? '';
  if (form?.requires_body && review.trim() === '') problems.push("Review can't be blank");

  let answerIds = current?.answer_ids ?? [];
  if (input.answerIds !== undefined) {
    const bad = input.answerIds.filter((id) => !/^\d+$/.test(id));
    answerIds = [...new Set(input.answerIds.filter((id) => /^\d+$/.test(id)).map(Number))];
    const known = new Set(form?.questions.flatMap((q) => q.answers.map((a) => a.id)) ?? []);
    const unknown = [...bad, ...answerIds.filter((id) => !known.has(id)).map(String)];
    if (unknown.length > 0) problems.push(`Answer ids ${unknown.join(', ')} are not answers of this form`);
    for (const question of form?.questions ?? []) {
      if (question.type !== 'eval_sentiment') continue;
      const picked = question.answers.filter((a) => answerIds.includes(a.id));
      if (picked.length > 1) problems.push(`Answer ids: choose one answer to "${question.text}"`);
    }
  }
  if (problems.length > 0) throw recordInvalid(...problems);
  return { rating, review, answer_ids: answerIds };
}

import type { NpsFigures } from '../../contracts/surveys.ts';

/**
 * The Net Promoter Score, computed in one place (Reichheld, HBR 2003; docs/surveys.md): promoters answer 9-10, passives
 * 7-8, detractors 0-6; NPS = % promoters − % detractors, with the passives counted in the total, in percent points from
 * −100 to 100. Without any answer there is no score (null, never 0): "no data" and "as many promoters as detractors"
 * are different findings. Rounded to one decimal only at the end.
 */
export function computeNps(scores: readonly number[]): NpsFigures {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const score of scores) {
    if (!Number.isInteger(score) || score < 0 || score > 10) throw new RangeError(`NPS answer out of range: ${score}`);
    if (score >= 9) promoters += 1;
    else if (score >= 7) passives += 1;
    else detractors += 1;
  }
  const responses = scores.length;
  const nps = responses === 0 ? null : Math.round(((promoters - detractors) / responses) * 1000) / 10;
  // -0 would print as "0" but compare oddly in JSON consumers' tests; normalise it.
  return { responses, promoters, passives, detractors, nps: nps === 0 ? 0 : nps };
}

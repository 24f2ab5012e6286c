import { AppError } from '#server/errors';
import { planName } from '#shared/plans';

const allOf = (n: number) => (n === 1 ? 'the 1 generation' : `all ${n} generations`);

/**
 * 402 `payment_required:quota`: the user's (or their team's) plan has no generations left this month. The message names
 * the real plan and number, and what an upgrade gives (more from Free, unlimited from a paid plan).
 */
export function generationsUsedUp(planId: string, limit: number, holder: 'user' | 'team' = 'user'): AppError {
  const name = planName(planId);
  const upgrade = name === 'Free' ? 'Upgrade for more generations.' : 'Upgrade for unlimited generations.';
  const whose = holder === 'team' ? "your team's" : 'your';
  const used =
    limit === 0
      ? `${holder === 'team' ? "Your team's" : 'Your'} ${name} plan includes no AI generations.`
      : `You have used ${allOf(limit)} of ${whose} ${name} plan this month.`;
  return new AppError('payment_required:quota', `${used} ${upgrade}`);
}

/**
 * The monthly payouts run as pure, deterministic functions (issue 39). Money is integer minor
 * units; weights are integer milliseconds of qualified listening. Nothing here reads a clock,
 * a random source or the database: the same inputs always give the same result.
 */

/** Split `total` over `weights` in proportion, by largest remainder: every unit is assigned. */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0)
    throw new RangeError(`total must be a non-negative integer: ${total}`);
  const big = weights.map((weight) => {
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError(`weight must be a non-negative integer: ${weight}`);
    return BigInt(weight);
  });
  const sum = big.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const bigTotal = BigInt(total);
  const shares = big.map((weight) => (bigTotal * weight) / sum);
  const remainders = big.map((weight, index) => ({ index, remainder: (bigTotal * weight) % sum }));
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  // Largest remainder first; ties go to the earlier index (callers order their keys).
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const out = shares.map(Number);
  for (const { index } of remainders) {
    if (left === 0) break;
    out[index] = (out[index] as number) + 1;
    left -= 1;
  }
  return out;
}

export type TRawPlay = { userId: number; trackId: number; day: string; ms: number; order: number };
export type TListening = { userId: number; trackId: number; ms: number };

/**
 * Qualified listening per listener and track, counting at most `dailyCap` plays of one track by
 * one listener on one day (the first ones, by `order`): looping a track does not buy a bigger share.
 */
export function capListening(plays: readonly TRawPlay[], dailyCap: number): TListening[] {
  const byDay = new Map<string, TRawPlay[]>();
  for (const play of plays) {
    const key = `${play.userId}:${play.trackId}:${play.day}`;
    const list = byDay.get(key);
    if (list) list.push(play);
    else byDay.set(key, [play]);
  }
  const totals = new Map<string, TListening>();
  for (const list of byDay.values()) {
    list.sort((a, b) => a.order - b.order);
    for (const play of list.slice(0, dailyCap)) {
      const key = `${play.userId}:${play.trackId}`;
      const found = totals.get(key);
      if (found) found.ms += play.ms;
      else totals.set(key, { userId: play.userId, trackId: play.trackId, ms: play.ms });
    }
  }
  return [...totals.values()].sort((a, b) => a.userId - b.userId || a.trackId - b.trackId);
}

export type TSubscriberRevenue = {
  userId: number;
  /** Invoices paid in the period (minor units). */
  paid: number;
  /** The providers' fees on them. */
  fees: number;
};

export type TPeriodInput = {
  /** Platform's share of the net (after fees), in basis points (0..10000). */
  platformShareBps: number;
  /** Payable balances below this are not paid: they roll over to the next period. */
  minimumPayout: number;
  subscribers: readonly TSubscriberRevenue[];
  /** Paying subscribers' capped listening (banned and refunded accounts already left out). */
  subscriberListening: readonly TListening[];
  /** Free listeners' capped listening, per track (any listener). */
  freeListening: readonly { trackId: number; ms: number }[];
  /** The ad revenue the admin entered for the period. */
  adRevenue: number;
  /** Each track's credited artists. */
  trackArtists: ReadonlyMap<number, readonly number[]>;
  /** Payable balances carried from earlier periods (unpaid), per artist. */
  carriedIn: ReadonlyMap<number, number>;
  /** Clawbacks of refunds that arrived after their period closed (see `refundClawback`). */
  adjustments?: readonly TEarningLine[];
};

export type TSource = 'plans' | 'ads' | 'adjustments';
export type TEarningLine = { artistId: number; trackId: number; source: TSource; amount: number };
export type TArtistResult = {
  artistId: number;
  plans: number;
  ads: number;
  /** Refund clawbacks, zero or negative. */
  adjustments: number;
  /** plans + ads + adjustments (negative only when a clawback exceeds the period's earnings). */
  earned: number;
  carriedIn: number;
  payable: number;
  payout: number;
  rolledOver: number;
  /** What the artist would have earned this period under pro rata (plans pooled, plus ads). */
  proRata: number;
};

export type TPeriodResult = {
  moneyIn: number;
  fees: number;
  platformShare: number;
  /** Money no listening could be credited to (no plays at all): kept by the platform. */
  unallocated: number;
  lines: TEarningLine[];
  artists: TArtistResult[];
};

function checkAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer: ${value}`);
}

/** Split `amount` over tracks by listening, then each track's part equally over its artists. */
function splitOverTracks(
  amount: number,
  listening: readonly { trackId: number; ms: number }[],
  trackArtists: ReadonlyMap<number, readonly number[]>,
  add: (artistId: number, trackId: number, amount: number) => void,
): number {
  const credited = listening
    .filter((entry) => entry.ms > 0 && (trackArtists.get(entry.trackId)?.length ?? 0) > 0)
    .sort((a, b) => a.trackId - b.trackId);
  if (amount === 0) return 0;
  if (credited.length === 0) return amount;
  const perTrack = largestRemainder(
    amount,
    credited.map((entry) => entry.ms),
  );
  credited.forEach((entry, index) => {
    const artists = [...(trackArtists.get(entry.trackId) ?? [])].sort((a, b) => a - b);
    const parts = largestRemainder(
      perTrack[index] as number,
      artists.map(() => 1),
    );
    artists.forEach((artistId, i) => {
      add(artistId, entry.trackId, parts[i] as number);
    });
  });
  return 0;
}

function mergeByTrack(
  listening: readonly { trackId: number; ms: number }[],
): { trackId: number; ms: number }[] {
  const sums = new Map<number, number>();
  for (const entry of listening) sums.set(entry.trackId, (sums.get(entry.trackId) ?? 0) + entry.ms);
  return [...sums].map(([trackId, ms]) => ({ trackId, ms }));
}

/**
 * The user-centric split of one period. Each subscriber's net (paid - fees - platform share) goes
 * to the artists of the tracks that subscriber played, by listening time; a subscriber who played
 * nothing funds everyone's pool pro rata. Ad revenue is split pro rata over free listening.
 */
export function computePeriod(input: TPeriodInput): TPeriodResult {
  if (
    !Number.isInteger(input.platformShareBps) ||
    input.platformShareBps < 0 ||
    input.platformShareBps > 10_000
  )
    throw new RangeError(`platformShareBps must be 0..10000: ${input.platformShareBps}`);
  checkAmount('minimumPayout', input.minimumPayout);
  checkAmount('adRevenue', input.adRevenue);
  for (const sub of input.subscribers) {
    checkAmount('paid', sub.paid);
    checkAmount('fees', sub.fees);
    if (sub.fees > sub.paid) throw new RangeError(`fees above the paid amount for user ${sub.userId}`);
  }
  for (const entry of [...input.subscriberListening, ...input.freeListening]) checkAmount('ms', entry.ms);

  const plans = new Map<string, number>();
  const ads = new Map<string, number>();
  const into =
    (target: Map<string, number>) =>
    (artistId: number, trackId: number, amount: number): void => {
      const key = `${artistId}:${trackId}`;
      target.set(key, (target.get(key) ?? 0) + amount);
    };

  const listeningByUser = new Map<number, TListening[]>();
  for (const entry of input.subscriberListening) {
    const list = listeningByUser.get(entry.userId);
    if (list) list.push(entry);
    else listeningByUser.set(entry.userId, [entry]);
  }
  const subscribers = [...input.subscribers].sort((a, b) => a.userId - b.userId);
  let moneyIn = input.adRevenue;
  let fees = 0;
  let platformShare = 0;
  let unallocated = 0;
  let pool = 0;
  let netTotal = 0;
  for (const sub of subscribers) {
    moneyIn += sub.paid;
    fees += sub.fees;
    const afterFees = sub.paid - sub.fees;
    const share = Number((BigInt(afterFees) * BigInt(input.platformShareBps)) / 10_000n);
    platformShare += share;
    const net = afterFees - share;
    netTotal += net;
    pool += splitOverTracks(net, listeningByUser.get(sub.userId) ?? [], input.trackArtists, into(plans));
  }
  const allPaidListening = mergeByTrack(input.subscriberListening);
  unallocated += splitOverTracks(pool, allPaidListening, input.trackArtists, into(plans));
  unallocated += splitOverTracks(
    input.adRevenue,
    mergeByTrack(input.freeListening),
    input.trackArtists,
    into(ads),
  );

  // The transparency figure: the same subscription money pooled and split by share of all plays.
  const proRataPlans = new Map<string, number>();
  splitOverTracks(netTotal, allPaidListening, input.trackArtists, into(proRataPlans));

  const lines: TEarningLine[] = [];
  const artists = new Map<number, TArtistResult>();
  const artist = (artistId: number): TArtistResult => {
    let found = artists.get(artistId);
    if (!found) {
      found = {
        artistId,
        plans: 0,
        ads: 0,
        adjustments: 0,
        earned: 0,
        carriedIn: 0,
        payable: 0,
        payout: 0,
        rolledOver: 0,
        proRata: 0,
      };
      artists.set(artistId, found);
    }
    return found;
  };
  for (const [source, map] of [
    ['plans', plans],
    ['ads', ads],
  ] as const) {
    for (const [key, amount] of map) {
      if (amount === 0) continue;
      const [artistId, trackId] = key.split(':').map(Number) as [number, number];
      lines.push({ artistId, trackId, source, amount });
      const row = artist(artistId);
      row[source] += amount;
      row.proRata += source === 'ads' ? amount : 0;
    }
  }
  for (const line of input.adjustments ?? []) {
    checkAmount('adjustment', line.amount);
    if (line.amount === 0) continue;
    lines.push({
      artistId: line.artistId,
      trackId: line.trackId,
      source: 'adjustments',
      amount: -line.amount,
    });
    artist(line.artistId).adjustments -= line.amount;
  }
  for (const [key, amount] of proRataPlans) {
    if (amount > 0) artist(Number(key.split(':')[0])).proRata += amount;
  }
  for (const [artistId, carried] of input.carriedIn) {
    // Negative only for a debt left by a clawback larger than an artist's earnings.
    if (!Number.isSafeInteger(carried)) throw new RangeError(`carriedIn must be an integer: ${carried}`);
    if (carried !== 0) artist(artistId).carriedIn = carried;
  }
  for (const row of artists.values()) {
    row.earned = row.plans + row.ads + row.adjustments;
    row.payable = row.earned + row.carriedIn;
    row.payout = row.payable > 0 && row.payable >= input.minimumPayout ? row.payable : 0;
    row.rolledOver = row.payable - row.payout;
  }
  lines.sort((a, b) => a.artistId - b.artistId || a.trackId - b.trackId || a.source.localeCompare(b.source));
  return {
    moneyIn,
    fees,
    platformShare,
    unallocated,
    lines,
    artists: [...artists.values()].sort((a, b) => a.artistId - b.artistId),
  };
}

export type TRefundClawback = {
  fees: number;
  platformShare: number;
  /** The net part no listening was credited with (it had gone to the pool or the platform). */
  unallocated: number;
  /** Positive amounts to take back from each artist and track. */
  lines: TEarningLine[];
};

/**
 * A refund of `refund` from a subscriber whose period already closed: taken back in the next
 * period in the proportions the money went out (fees, platform share, then the net over the
 * artists of the tracks this subscriber played in the closed period, by listening).
 */
export function refundClawback(
  sub: TSubscriberRevenue,
  refund: number,
  platformShareBps: number,
  listening: readonly { trackId: number; ms: number }[],
  trackArtists: ReadonlyMap<number, readonly number[]>,
): TRefundClawback {
  checkAmount('refund', refund);
  checkAmount('paid', sub.paid);
  if (refund > sub.paid) throw new RangeError(`refund above the paid amount for user ${sub.userId}`);
  const afterFees = sub.paid - sub.fees;
  const share = Number((BigInt(afterFees) * BigInt(platformShareBps)) / 10_000n);
  const [fees, platformShare, net] = largestRemainder(refund, [sub.fees, share, afterFees - share]) as [
    number,
    number,
    number,
  ];
  const taken = new Map<string, number>();
  const unallocated = splitOverTracks(
    net,
    mergeByTrack(listening),
    trackArtists,
    (artistId, trackId, amount) => {
      const key = `${artistId}:${trackId}`;
      taken.set(key, (taken.get(key) ?? 0) + amount);
    },
  );
  const lines = [...taken]
    .filter(([, amount]) => amount > 0)
    .map(([key, amount]) => {
      const [artistId, trackId] = key.split(':').map(Number) as [number, number];
      return { artistId, trackId, source: 'adjustments' as const, amount };
    })
    .sort((a, b) => a.artistId - b.artistId || a.trackId - b.trackId);
  return { fees, platformShare, unallocated, lines };
}

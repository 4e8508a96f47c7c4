/**
 * A count of the work a decoder does on one file, in units it names (decoded bytes, pixels, boxes
 * or directory entries walked...), with a ceiling. Decoders charge it before each piece of work and
 * refuse the file with their own typed error (code "too-much-work") once the ceiling is passed, so
 * "a hostile file cannot make the decoder run for ever" is checked by counting units, not by timing.
 */
export class WorkBudget {
  readonly limit: number;
  /** Units charged so far (including the charge that was refused, if any). */
  spent = 0;

  constructor(limit = Number.POSITIVE_INFINITY) {
    if (!(limit >= 0)) throw new RangeError(`A work budget needs a limit of 0 or more, not ${limit}`);
    this.limit = limit;
  }

  /** Charges `units`; throws `refuse()` (the codec's typed error) when that passes the limit. */
  charge(units: number, refuse: () => Error): void {
    this.spent += units;
    if (this.spent > this.limit) throw refuse();
  }
}

/** The budget a decoder uses when its caller gives none: no ceiling beyond the codec's own size limits. */
export const unlimited = (): WorkBudget => new WorkBudget();

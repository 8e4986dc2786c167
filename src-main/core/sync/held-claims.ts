import { parseClaimant, type Letter } from '../../../shared/model/letter';

// The letters this core holds the editing claim on (spec 1 §4 "Claiming"), and who holds
// them. A granted claim is recorded here; a pull that brings in one of them naming someone
// else means they took it over. The editor must be told then: their next save would start
// from the pulled version, which the platform accepts, quietly taking the letter back.
// In memory only: an open composer claims its letter again after a restart.

export interface TakeOver {
  uniqueId: string;
  name: string;
}

export function createHeldClaims() {
  /** Letter uniqueId → the uniqueId of the user of this core who holds it. */
  const held = new Map<string, string>();
  return {
    granted(letterUniqueId: string, userUniqueId: string): void {
      held.set(letterUniqueId, userUniqueId);
    },
    /** Refused: someone else holds it, and this core does not. */
    released(letterUniqueId: string): void {
      held.delete(letterUniqueId);
    },
    /** The letters among `letters` held here that now name someone else; no longer held here. */
    takenOver(letters: readonly Letter[]): TakeOver[] {
      const taken: TakeOver[] = [];
      for (const letter of letters) {
        const holder = held.get(letter.uniqueId);
        if (holder === undefined) continue;
        const claimant = parseClaimant(letter.claimant);
        if (!claimant || claimant.uniqueId === holder) continue;
        held.delete(letter.uniqueId);
        taken.push({ uniqueId: letter.uniqueId, name: claimant.name });
      }
      return taken;
    },
  };
}

export type HeldClaims = ReturnType<typeof createHeldClaims>;

import { describe, expect, it } from 'vitest';
import { LeadSignatures, leadSignaturesOf } from '../lead-signatures.js';
import { storySignature } from '../story-signature.js';

describe('LeadSignatures', () => {
  const sig = (title: string) => storySignature({ title, teamIds: [1] });

  it('forgets the least recently used signature past its capacity', () => {
    const leads = new LeadSignatures(2);
    leads.remember(1, sig('Packers sign kicker'));
    leads.remember(2, sig('Bears cut punter'));
    // Reading 1 makes 2 the least recently used.
    expect(leads.get(1)?.terms).toContain('kicker');
    leads.remember(3, sig('Lions extend coach'));
    expect(leads.size).toBe(2);
    expect(leads.get(2)).toBeUndefined();
    expect(leads.get(1)?.terms).toContain('kicker');
    expect(leads.get(3)?.terms).toContain('coach');
  });

  it('keeps one cache per database', () => {
    const a = {};
    const b = {};
    leadSignaturesOf(a).remember(7, sig('Packers sign kicker'));
    expect(leadSignaturesOf(a).get(7)).toBeDefined();
    expect(leadSignaturesOf(b).get(7)).toBeUndefined();
  });
});

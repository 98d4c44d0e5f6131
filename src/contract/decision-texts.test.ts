/** The decision texts people read, as they read them (docs/applications.md, "Decisions"). */
import { describe, expect, it } from 'vitest';
import { APP_MSG } from './applications-messages.js';
import { DECISION_MSG } from './decisions-messages.js';
import { STUDIO_STATUSES } from './applications-limits.js';
import { BOARD_MSG } from './board-messages.js';

describe('decision texts', () => {
  it('tells of a closed job once: the notice says it closed, the reason line says why', () => {
    const told = `${APP_MSG.notice('closed', 'Lead', 'Acme Studio')} ${DECISION_MSG.reasonLine('role_closed')}`;
    expect(told).toBe('Your application to “Lead” at Acme Studio was closed without a decision. Reason: The role has closed.');
    expect(told.match(/clos/gi)).toHaveLength(2);
  });

  it('says the performer or the performers are told, as many as were decided on', () => {
    expect(DECISION_MSG.undoHint(30, 1)).toBe('You can undo for 30 seconds. The performer is told after that.');
    expect(DECISION_MSG.undoHint(30, 3)).toBe('You can undo for 30 seconds. The performers are told after that.');
  });

  it('names each move of the studio once, in the applications texts', () => {
    expect(STUDIO_STATUSES.map((s) => APP_MSG.action(s))).toEqual(['Shortlist', 'Audition', 'Book', 'Decline']);
    expect(BOARD_MSG).not.toHaveProperty('bookConfirm');
    expect(BOARD_MSG).not.toHaveProperty('declineConfirm');
    expect(DECISION_MSG).not.toHaveProperty('declineConfirm');
  });
});

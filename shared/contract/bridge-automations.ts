import { z } from 'zod';
import { AutomationSettingsSchema } from '../model/automation';
import { LetterSchema } from '../model/letter';
import { TemplateAutomationSchema } from './platform-automations';

// The bridge channels of templates that run (issue 32): Activate with the trigger the
// configure step set, and what an active template has done and does next.

const OneLetter = z.object({ uniqueId: z.string().min(1) });

export const automationChannels = {
  /**
   * 'Activate template' (template configure → configured): the configure call
   * (save-on-scheduling) with the step's fields, the locally rendered email, the trigger and
   * status configured, in one request, so the platform checks and starts what the editor
   * sees. Refused with the platform's field messages when a required field is missing.
   */
  'letters.activateTemplate': { input: OneLetter.extend({ automation: AutomationSettingsSchema }), output: LetterSchema },
  /**
   * The configured view's facts, read from the platform. Offline (or before the template
   * reached it): `status` null and `offline` true; the view says it cannot be read.
   */
  'letters.automationStatus': {
    input: OneLetter,
    output: z.object({ status: TemplateAutomationSchema.nullable(), offline: z.boolean() }),
  },
} as const;

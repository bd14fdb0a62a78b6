/**
 * Rule `instruction-phrase`: sentences that address the model rather than describe the tool.
 *
 * @module
 */
import { type DetectorRule, quoteAround } from './detector-rule.js';

/**
 * The phrases flagged, in any case and with any run of whitespace between words. The list is kept tight on purpose: each phrase tries to override earlier
 * instructions, to keep something from the user, or to make the model fetch secrets first,
 * and none occurs in the descriptions of ordinary tools (the reference servers' descriptions
 * are tested to raise nothing).
 */
export const INSTRUCTION_PHRASES: readonly RegExp[] = [
  // Overriding what came before.
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|earlier|preceding|above|other|system)\s+(?:instructions|prompts?|rules|directions|messages|guidelines)\b/i,
  // Keeping the user in the dark.
  /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this|it)\s+to|reveal\s+(?:this|it)\s+to|notify|alert|show|warn)\s+the\s+user\b/i,
  /\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+the\s+user\b/i,
  /\bthe\s+user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|be\s+told|find\s+out)\b/i,
  // Making the model do something else first.
  /\bbefore\s+(?:using|calling|invoking|running)\s+this\s+tool,?\s+(?:you\s+must\s+|always\s+|first\s+)*(?:read|open|cat|send|upload|include|pass|fetch|post)\b/i,
  // Asking for the model's own instructions.
  /\b(?:reveal|print|output|repeat|leak|send)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)\b/i,
  // Reading secrets.
  /(?:~|\$HOME)\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials\b|\/etc\/shadow\b/i,
];

/** Fires on the first instruction phrase of the text. */
export const instructionPhraseRule: DetectorRule = {
  id: 'instruction-phrase',
  summary:
    'phrases aimed at the model: override earlier instructions, hide something from the user, read secrets first',
  check(text) {
    for (const phrase of INSTRUCTION_PHRASES) {
      const match = phrase.exec(text);
      if (match !== null) return quoteAround(text, match.index, match[0].length);
    }
    return undefined;
  },
};

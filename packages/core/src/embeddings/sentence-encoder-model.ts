/** A loaded sentence encoder: one vector per text, in order. */
export interface SentenceEncoderModel {
  /** One vector per text of `texts`, in the same order. */
  embed(texts: string[]): Promise<number[][]>;
}

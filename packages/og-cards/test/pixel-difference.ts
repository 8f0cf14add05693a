/**
 * How far two pictures of the same size (raw bytes, any channel count) are apart, channel by
 * channel: the mean and largest difference, and how many channels differ by more than 48.
 */
export function pixelDifference(ours: Buffer, theirs: Buffer): { mean: number; max: number; far: number } {
  let sum = 0;
  let max = 0;
  let far = 0;
  for (let at = 0; at < ours.length; at++) {
    const difference = Math.abs((ours[at] as number) - (theirs[at] as number));
    sum += difference;
    max = Math.max(max, difference);
    if (difference > 48) far++;
  }
  return { mean: sum / ours.length, max, far };
}

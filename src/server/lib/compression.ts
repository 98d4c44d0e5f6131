/**
 * How answers are compressed, set on purpose rather than left to the defaults
 * (docs/performance.md explains the figures behind each choice).
 */
export const COMPRESSION = {
  /** br first: every browser sends it and it is smaller than gzip at the same cost. */
  encodings: ['br', 'gzip'] as const,
  /**
   * Bodies under 1 KB go as they are: with its headers such an answer fits in one TCP
   * segment already, so compressing it saves no packet and costs about 30 µs of CPU.
   */
  threshold: 1024,
  /**
   * Bodies up to 64 KB are compressed inline. On a 2-core machine @fastify/compress would
   * otherwise send everything above 8 KB (a 20-studio search answer is about 10 KB) to
   * zlib's thread pool, which cost 0.8–3 ms per answer here, more than brotli at quality 4
   * takes inline, and that pool is shared with password hashing and file reads.
   */
  syncThreshold: 64 * 1024,
};

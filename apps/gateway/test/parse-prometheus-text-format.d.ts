/** The types of `parse-prometheus-text-format`, which ships none. */
declare module 'parse-prometheus-text-format' {
  /** Parses the Prometheus text format into prom2json-style families. */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}

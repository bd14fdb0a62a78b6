import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { telemetryConfigFromEnv } from '../../src/telemetry-sdk/index.js';

const off = { exporter: 'none' };
const otlp = (protocol: string) => ({ exporter: 'otlp', protocol });

describe('telemetryConfigFromEnv', () => {
  it('turns nothing on without OTEL_* variables', () => {
    expect(telemetryConfigFromEnv({}, 'x-app')).toEqual({
      serviceName: 'x-app',
      traces: off,
      metrics: off,
    });
  });

  it('exports both signals over http/protobuf once an OTLP endpoint is set', () => {
    expect(
      telemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'x'),
    ).toMatchObject({ traces: otlp('http/protobuf'), metrics: otlp('http/protobuf') });
  });

  it('follows the per-signal endpoint, exporter, protocol and service name variables', () => {
    expect(
      telemetryConfigFromEnv(
        {
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
          OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
          OTEL_METRICS_EXPORTER: 'prometheus',
          OTEL_SERVICE_NAME: 'gateway-east',
        },
        'x',
      ),
    ).toEqual({ serviceName: 'gateway-east', traces: otlp('http/json'), metrics: off });
    expect(
      telemetryConfigFromEnv(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' },
        'x',
      ).traces,
    ).toEqual(off);
  });

  it('turns everything off with OTEL_SDK_DISABLED=true', () => {
    expect(
      telemetryConfigFromEnv(
        { OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp', OTEL_METRICS_EXPORTER: 'otlp' },
        'x',
      ),
    ).toMatchObject({ traces: off, metrics: off });
  });

  it('refuses an exporter or protocol it cannot honour, naming the variable', () => {
    expect(() => telemetryConfigFromEnv({ OTEL_TRACES_EXPORTER: 'zipkin' }, 'x')).toThrow(
      /OTEL_TRACES_EXPORTER=zipkin: unsupported exporter "zipkin"/,
    );
    expect(() => telemetryConfigFromEnv({ OTEL_TRACES_EXPORTER: 'console' }, 'x')).toThrow(
      /unsupported exporter "console"/,
    );
    expect(() =>
      telemetryConfigFromEnv(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
        'x',
      ),
    ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported/);
  });

  it('either decides or throws a CONFIG_INVALID error for any environment', () => {
    const names = fc.constantFrom(
      'OTEL_SDK_DISABLED',
      'OTEL_TRACES_EXPORTER',
      'OTEL_METRICS_EXPORTER',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
      'OTEL_SERVICE_NAME',
    );
    const values = fc.oneof(
      fc.constantFrom('otlp', 'none', 'prometheus', 'http/json', 'grpc', 'true', '', ' , otlp'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.dictionary(names, values), (env) => {
        try {
          const config = telemetryConfigFromEnv(env, 'x');
          expect(config.serviceName.length).toBeGreaterThan(0);
          for (const signal of [config.traces, config.metrics]) {
            expect(['none', 'otlp']).toContain(signal.exporter);
          }
        } catch (error) {
          expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
        }
      }),
    );
  });
});

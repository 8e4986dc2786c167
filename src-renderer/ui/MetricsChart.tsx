import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { VisuallyHidden } from '@mantine/core';

// The app's charts, over @mantine/charts (recharts): one look for every report, and the
// figures again as a table for screen readers (a chart alone is only a picture to them).
// Lines are monotone curves: a smoothed line that overshoots shows a dip below zero or a
// peak above the figures that never happened.

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface MetricsChartProps {
  kind: 'bar' | 'line';
  /** What the chart shows, read out as its name. */
  label: string;
  data: Array<Record<string, string | number | null>>;
  /** The key of each row's label along the x axis. */
  dataKey: string;
  series: ChartSeries[];
  /** How a value reads (e.g. '12.3%'); the plain number otherwise. */
  valueFormatter?: (value: number) => string;
  /** How a row's label reads along the axis and in the table (e.g. 'Nov 28' for '2026-11-28'); as given otherwise. */
  labelFormatter?: (label: string) => string;
  height?: number;
}

export function MetricsChart({ kind, label, data, dataKey, series, valueFormatter, labelFormatter, height = 260 }: MetricsChartProps) {
  const format = (value: number | string | null) => (value === null ? '—' : typeof value === 'number' && valueFormatter ? valueFormatter(value) : String(value));
  const xAxisProps = labelFormatter ? { tickFormatter: (value: unknown) => labelFormatter(String(value)) } : undefined;
  const common = { h: height, data, dataKey, series, valueFormatter, withLegend: series.length > 1, xAxisProps };
  // The picture is hidden from assistive technology (the table reads the figures), so
  // recharts' keyboard layer must not make it focusable: a hidden element taking focus
  // would leave keyboard users on nothing.
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <div aria-hidden="true">
        {kind === 'bar' ? (
          <BarChart {...common} barChartProps={{ accessibilityLayer: false }} />
        ) : (
          <LineChart {...common} curveType="monotone" lineChartProps={{ accessibilityLayer: false }} />
        )}
      </div>
      <VisuallyHidden>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{dataKey}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row, index) => (
              <tr key={index}>
                <th scope="row">{labelFormatter ? labelFormatter(String(row[dataKey])) : String(row[dataKey])}</th>
                {series.map((s) => (
                  <td key={s.name}>{format(row[s.name] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

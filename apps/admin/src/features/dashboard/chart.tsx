import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts of ECharts the dashboard draws; this module is loaded after the dashboard's figures.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  values: number[];
}

/** A line or bar chart over categories (days, pay methods, job types), resized with the page. */
export default function Chart({
  kind,
  categories,
  series,
  height = 280,
  testId,
}: {
  kind: 'line' | 'bar';
  categories: string[];
  series: ChartSeries[];
  height?: number;
  testId?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: categories },
      yAxis: { type: 'value' },
      series: series.map((one) => ({ name: one.name, type: kind, data: one.values, smooth: kind === 'line' })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [kind, categories, series]);
  return <div ref={element} style={{ height }} data-testid={testId} />;
}

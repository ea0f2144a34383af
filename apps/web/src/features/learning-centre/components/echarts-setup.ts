/**
 * ECharts with only what 学习中心 draws (issue 19): bars, lines, scatter, the calendar heatmap.
 * Imported dynamically by EChart, so it is a chunk of its own that only this page loads.
 *
 * SVG, not canvas: the canvas painter draws the calendar's cells a frame at a time and its next
 * frame, still queued when the learner leaves 学习中心, runs on the disposed chart and throws
 * ("reading 'layerStack'"; zrender 6.1, seen in CI). The SVG painter draws in one go.
 */
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

const parts = [
  BarChart,
  HeatmapChart,
  LineChart,
  ScatterChart,
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
];

let registered = false;

/**
 * ECharts with the parts registered. A call, not a top-level `echarts.use`: a build that treats
 * our modules as free of side effects (vite.config's treeshake) resolved a bare re-export straight
 * to echarts/core and dropped the registration, and every chart failed to draw.
 */
export function loadedECharts(): typeof echarts {
  if (!registered) {
    echarts.use(parts);
    registered = true;
  }
  return echarts;
}

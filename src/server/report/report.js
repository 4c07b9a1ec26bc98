// The experiments report's charts (GET /admin/report), drawn with Chart.js (window.Chart, loaded
// before this file). Plain JS, served as is: no build step. The numbers come from the page's
// <script type="application/json" id="report-chart-data">; every chart has a table beside it.
(() => {
  const Chart = window.Chart;
  const source = document.getElementById('report-chart-data');
  if (!Chart || !source) return;
  const data = JSON.parse(source.textContent || '{}');
  const accent = '#1f5fbf';
  const ink = '#1d2430';

  // Chart.js has no error bars: this plugin draws each bar's 95% interval as a whisker.
  const intervals = {
    id: 'intervals',
    afterDatasetsDraw(chart, _args, options) {
      const { ctx } = chart;
      const meta = chart.getDatasetMeta(0);
      const y = chart.scales.y;
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.lineWidth = 1.5;
      options.ranges.forEach((range, i) => {
        const bar = meta.data[i];
        if (!bar || range.low === null || range.high === null) return;
        const top = y.getPixelForValue(range.high * 100);
        const bottom = y.getPixelForValue(range.low * 100);
        const half = Math.min(10, bar.width / 4);
        ctx.beginPath();
        ctx.moveTo(bar.x, top);
        ctx.lineTo(bar.x, bottom);
        ctx.moveTo(bar.x - half, top);
        ctx.lineTo(bar.x + half, top);
        ctx.moveTo(bar.x - half, bottom);
        ctx.lineTo(bar.x + half, bottom);
        ctx.stroke();
      });
      ctx.restore();
    },
  };

  const percent = (value) => `${Number(value).toFixed(1)}%`;

  function drawExperiment(canvas, experiment) {
    const variants = experiment.variants;
    const highest = Math.max(1, ...variants.map((v) => (v.high === null ? 0 : v.high * 100)));
    new Chart(canvas, {
      type: 'bar',
      data: {
        labels: variants.map((v) => v.variant),
        datasets: [{ label: 'Conversion rate', data: variants.map((v) => (v.rate === null ? 0 : v.rate * 100)), backgroundColor: accent }],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, suggestedMax: Math.min(100, highest * 1.1), ticks: { callback: percent } } },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const v = variants[item.dataIndex];
                if (v.rate === null) return 'no visitors';
                return `${percent(v.rate * 100)} (95% interval ${percent(v.low * 100)} – ${percent(v.high * 100)})`;
              },
            },
          },
          intervals: { ranges: variants.map((v) => ({ low: v.low, high: v.high })) },
        },
      },
      plugins: [intervals],
    });
  }

  function drawFunnel(canvas, funnel) {
    new Chart(canvas, {
      type: 'bar',
      data: {
        labels: funnel.steps.map((s) => s.screen),
        datasets: [{ label: 'Visitors', data: funnel.steps.map((s) => s.visitors), backgroundColor: accent }],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { display: false } },
      },
    });
  }

  for (const canvas of document.querySelectorAll('canvas[data-chart]')) {
    const index = Number(canvas.dataset.index);
    if (canvas.dataset.chart === 'experiment' && data.experiments?.[index]) drawExperiment(canvas, data.experiments[index]);
    if (canvas.dataset.chart === 'funnel' && data.funnels?.[index]) drawFunnel(canvas, data.funnels[index]);
  }
  document.documentElement.dataset.chartsDrawn = 'true';
})();

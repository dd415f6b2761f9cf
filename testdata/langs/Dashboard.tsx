import React, { useState } from "react";
import { Chart } from "./Chart";

export interface DashboardProps {
  title: string;
  panels: Panel[];
}

type Panel = { id: string; data: number[] };

const MAX_PANELS = 12;

/** The dashboard page. */
export function Dashboard({ title, panels }: DashboardProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="dashboard">
      <h1>{title}</h1>
      {panels.slice(0, MAX_PANELS).map((p) => (
        <Chart key={p.id} data={p.data} />
      ))}
    </div>
  );
}

export const PanelCard = ({ panel }: { panel: Panel }) => (
  <section>{panel.id}</section>
);

export class ErrorBoundary extends React.Component<{}, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <p>Something broke.</p> : this.props.children;
  }
}

export default Dashboard;

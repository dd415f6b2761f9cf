import { Component, Input } from "@angular/core";
import * as path from "path";
import type { Config } from "./config";
export * from "./events";

/** Default refresh interval in milliseconds. */
export const REFRESH_MS = 5_000;
let instances = 0;

export type WidgetId = string | number;

export interface Renderable {
  readonly id: WidgetId;
  render(target: HTMLElement): void;
}

export enum Size {
  Small,
  Large = "large",
}

/**
 * A widget that renders itself.
 */
@Component({
  selector: "app-widget",
})
export class Widget implements Renderable {
  @Input() title = "";
  readonly id: WidgetId;
  private static count = 0;

  constructor(private readonly config: Config) {
    this.id = ++Widget.count;
  }

  // Overloads: one symbol for both signatures and the body.
  resize(size: Size): void;
  resize(width: number, height: number): void;
  resize(a: Size | number, b?: number): void {
    instances++;
  }

  render(target: HTMLElement): void {
    target.append(this.title);
  }

  onClick = (event: MouseEvent): void => {
    console.log(event);
  };
}

export abstract class Base<T> {
  abstract load(id: string): Promise<T>;
}

export function createWidget(config: Config): Widget;
export function createWidget(config: Config, title: string): Widget;
export function createWidget(config: Config, title?: string): Widget {
  return new Widget(config);
}

export const formatTitle = (title: string, width: number = 20): string =>
  title.padEnd(width);

export namespace Widgets {
  export function all(): Widget[] {
    return [];
  }
}

declare module "widget-registry" {
  export function register(name: string): void;
}

export default function bootstrap(): void {}

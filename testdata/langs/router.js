#!/usr/bin/env node
"use strict";

const http = require("http");
const { parse } = require("url");
import { logger } from "./logger.js";

const DEFAULT_PORT = 8080;
let requestCount = 0;
var legacyFlag = false;

/**
 * Routes requests to handlers.
 */
class Router {
  #routes = new Map();
  static instance = null;

  constructor(prefix) {
    this.prefix = prefix;
  }

  add(method, path, handler) {
    this.#routes.set(`${method} ${path}`, handler);
    return this;
  }

  async handle(req, res) {
    requestCount++;
    const handler = this.#routes.get(`${req.method} ${parse(req.url).pathname}`);
    return handler ? handler(req, res) : notFound(res);
  }

  get size() {
    return this.#routes.size;
  }
}

function notFound(res) {
  res.statusCode = 404;
  res.end("not found");
}

function* paths(router) {
  yield* router.keys();
}

const listen = (router, port = DEFAULT_PORT) =>
  http.createServer((req, res) => router.handle(req, res)).listen(port);

Router.prototype.reset = function () {
  this.prefix = "";
};

exports.createRouter = function createRouter(prefix) {
  return new Router(prefix);
};

module.exports.listen = listen;

export default Router;

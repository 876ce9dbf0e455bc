# Multi-stage image for Larder. Targets:
#   api  - the NestJS API (also able to serve the built frontends itself)
#   web  - one static frontend (host-shell, storefront or seller-portal), chosen with --build-arg APP=...
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY shared-domain/package.json shared-domain/
COPY shared-state/package.json shared-state/
COPY shared-ui/package.json shared-ui/
COPY host-shell/package.json host-shell/
COPY storefront/package.json storefront/
COPY seller-portal/package.json seller-portal/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --outputStyle=static

FROM node:24-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build /app /app
RUN npm prune --omit=dev --workspaces --include-workspace-root && mkdir -p /data
EXPOSE 3000
VOLUME ["/data"]
# The same V8 flags as every other start of the API (scripts/api-process.mjs).
CMD ["node", "--max-semi-space-size=4", "--expose-gc", "backend/dist/app/main.js"]

# The files a static site publishes: no source maps (they would hand out the source) and not the storefront's
# Node server bundle (dist/server, run by the API for server rendering, never by a browser).
FROM build AS web-files
ARG APP=host-shell
RUN cp -r /app/${APP}/dist /web && rm -rf /web/server \
  && find /web \( -name '*.map' -o -name 'mf-manifest-stats.json*' \) -delete

FROM nginx:1.27-alpine AS web
ARG APP=host-shell
# The image's entrypoint fills in ${LARDER_REMOTE_ORIGINS} of the security headers when the container starts.
ENV NGINX_ENVSUBST_OUTPUT_DIR=/etc/nginx/larder LARDER_REMOTE_ORIGINS=""
COPY --from=web-files /web /usr/share/nginx/html
COPY deploy/nginx/templates/ /etc/nginx/templates/
COPY deploy/nginx/tls-maps.conf deploy/nginx/proxy-api.conf deploy/nginx/proxy-events.conf /etc/nginx/larder/
COPY deploy/nginx/${APP}.conf /etc/nginx/conf.d/default.conf

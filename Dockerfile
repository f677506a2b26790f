# syntax=docker/dockerfile:1
# Build: docker build -t zocalo .   Run: see docker-compose.yml.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
COPY webapi/openapi.yaml /src/webapi/openapi.yaml
COPY core/authz/testdata /src/core/authz/testdata
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/zocalo .

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/zocalo /usr/local/bin/zocalo
ENV ZOCALO_HTTP_ADDR=0.0.0.0:8080 \
    ZOCALO_DATA_DIR=/data \
    ZOCALO_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/zocalo"]
CMD ["all"]

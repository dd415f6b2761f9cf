# syntax=docker/dockerfile:1.7
ARG GO_VERSION=1.26

FROM --platform=$BUILDPLATFORM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
ENV CGO_ENABLED=1 GOFLAGS=-trimpath
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod \
    go mod download
COPY . .
RUN go build -o /out/readmap ./cmd/readmap

FROM build AS test
RUN go test ./...

# The runtime image: only the binary and a config written from a heredoc.
FROM gcr.io/distroless/base-debian12 AS runtime
COPY --from=build /out/readmap /usr/local/bin/readmap
COPY <<EOF /etc/readmap.env
FROM this-is-not-an-instruction
READMAP_MAP_BUDGET=10240
EOF
USER nonroot:nonroot
WORKDIR /src
EXPOSE 8080
HEALTHCHECK --interval=30s CMD ["/usr/local/bin/readmap", "stats"]
ENTRYPOINT ["/usr/local/bin/readmap"]
CMD ["mcp"]

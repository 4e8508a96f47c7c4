import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("gives working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.TRUSTED_ORIGINS).toEqual([]);
  });

  it("splits TRUSTED_ORIGINS on commas", () => {
    expect(parseEnv({ TRUSTED_ORIGINS: "https://a.example, https://b.example," }).TRUSTED_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://tools.example.com/" }).PUBLIC_URL).toBe("https://tools.example.com");
  });

  it("keeps SOURCE_URL, the address of the site's source shown on /licenses", () => {
    expect(parseEnv({}).SOURCE_URL).toBeUndefined();
    expect(parseEnv({ SOURCE_URL: "https://git.example.com/tools-site" }).SOURCE_URL).toBe("https://git.example.com/tools-site");
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " ", AUTH_SECRET: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ SOURCE_URL: "git@example.com:site.git" }, "SOURCE_URL: must be an http(s) URL of the site's source code"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET: must be at least 32 characters"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ S3_BUCKET: "bucket" }, "S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required"],
  ])("refuses %o with a line naming the variable", (source, expected) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(expected);
  });

  it("accepts a full PostgreSQL, SMTP and S3 configuration", () => {
    const env = parseEnv({
      DATABASE_URL: "postgresql://user:pw@db:5432/site",
      SMTP_URL: "smtps://user:pw@smtp.example.com:465",
      S3_BUCKET: "assets",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "https://s3.example.com",
    });
    expect(env.DATABASE_URL).toBe("postgresql://user:pw@db:5432/site");
    expect(env.S3_REGION).toBe("us-east-1");
  });
});

import net from "node:net";

/**
 * The status of a raw HTTP/1.1 request (Node's and Playwright's clients refuse to send most of the
 * malformed ones the tests need), or 0 when nothing came back. The request is written, not ended:
 * the production server closes a half-closed connection before it answers.
 */
export function rawStatus(port: number, head: string, body = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`));
    let reply = "";
    socket.on("data", (chunk: Buffer) => (reply += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0)));
  });
}

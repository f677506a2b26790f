package bot

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"slices"
	"testing"

	"github.com/gorilla/websocket"
)

// The tap reads close codes from the server's frames and IDENTIFYs from the client's,
// however the bytes are split across reads and writes, and passes everything unchanged.
func TestWireTapReadsCloseCodesAndIdentifies(t *testing.T) {
	t.Parallel()
	// What the server sends: the upgrade answer, a large text frame (64-bit length), a
	// short one, then a close frame with 4014.
	var in bytes.Buffer
	in.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
	in.Write(serverFrame(websocket.TextMessage, bytes.Repeat([]byte("x"), 70000)))
	in.Write(serverFrame(websocket.TextMessage, []byte(`{"op":10,"d":{"heartbeat_interval":41250}}`)))
	in.Write(serverFrame(websocket.CloseMessage, append(binary.BigEndian.AppendUint16(nil, 4014), "Disallowed intent(s)."...)))
	// What the client sends after its upgrade request: masked frames, a heartbeat and an
	// IDENTIFY.
	request := []byte("GET /?v=10&encoding=json HTTP/1.1\r\nHost: gateway.discord.gg\r\n\r\n")
	var out bytes.Buffer
	out.Write(clientFrame(websocket.TextMessage, []byte(`{"op":1,"d":null}`)))
	out.Write(clientFrame(websocket.TextMessage, []byte(`{"op":2,"d":{"token":"Bot x","intents":33283}}`)))

	conn := &scriptedConn{in: bytes.NewReader(in.Bytes()), chunk: 5}
	var codes []int
	identifies := 0
	tap := &tappedConn{Conn: conn, events: wireEvents{closed: func(c int) { codes = append(codes, c) },
		identified: func() { identifies++ }}}

	if _, err := tap.Write(request); err != nil {
		t.Fatal(err)
	}
	read, err := io.ReadAll(tap)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read, in.Bytes()) {
		t.Fatal("the tap changed what it read")
	}
	if !slices.Equal(codes, []int{4014}) {
		t.Fatalf("close codes %v", codes)
	}
	// Written in pieces of 4 bytes, headers split anywhere.
	frames := out.Bytes()
	for i := 0; i < len(frames); i += 4 {
		if _, err := tap.Write(frames[i:min(i+4, len(frames))]); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(conn.out.Bytes(), append(request, frames...)) {
		t.Fatal("the tap changed what it wrote")
	}
	if identifies != 1 {
		t.Fatalf("%d identifies seen, want 1", identifies)
	}
}

// scriptedConn reads a script in small pieces and keeps what is written.
type scriptedConn struct {
	net.Conn
	in    *bytes.Reader
	chunk int
	out   bytes.Buffer
}

func (c *scriptedConn) Read(p []byte) (int, error) {
	if len(p) > c.chunk {
		p = p[:c.chunk]
	}
	return c.in.Read(p)
}

func (c *scriptedConn) Write(p []byte) (int, error) { return c.out.Write(p) }

func serverFrame(opcode int, payload []byte) []byte {
	return frameBytes(opcode, payload, nil)
}

func clientFrame(opcode int, payload []byte) []byte {
	return frameBytes(opcode, payload, []byte{0x12, 0x34, 0x56, 0x78})
}

func frameBytes(opcode int, payload, mask []byte) []byte {
	b := []byte{0x80 | byte(opcode)}
	maskBit := byte(0)
	if mask != nil {
		maskBit = 0x80
	}
	switch n := len(payload); {
	case n < 126:
		b = append(b, maskBit|byte(n))
	case n < 1<<16:
		b = append(b, maskBit|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, maskBit|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	if mask == nil {
		return append(b, payload...)
	}
	b = append(b, mask...)
	for i, c := range payload {
		b = append(b, c^mask[i%4])
	}
	return b
}

# Test fixture writer: LibreOffice saves `src` as `dst` with a password (through UNO).
# DOC: the Password property (Word 97 export: Office 97 binary RC4). DOCX: EncryptionData with
# OOXPassword and CryptoType (Standard or Agile), as LibreOffice's own Save dialog passes it.
# ("Agile" hangs LibreOffice 7.4 headless: the tests make agile files with tests/support/office-encrypt.ts.)
# Usage: lo-encrypt.py SRC DST FILTER PASSWORD (Standard|Agile|rc4)
import sys, os, shutil, subprocess, time, uno
from com.sun.star.beans import PropertyValue, NamedValue
def prop(n, v):
    p = PropertyValue(); p.Name = n; p.Value = v; return p
def named(n, v):
    p = NamedValue(); p.Name = n; p.Value = v; return p
src, dst, filt, pw, crypto = sys.argv[1:6]
profile = os.path.join(os.environ.get("TMPDIR", "/tmp"), "lo-encrypt-profile-%d" % os.getpid())
pipe = "crypto_%d" % os.getpid()
proc = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore", "-env:UserInstallation=file://" + profile, "--accept=pipe,name=%s;urp;" % pipe], stderr=subprocess.DEVNULL)
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
# LibreOffice may take a minute to start on a busy machine
ctx = None
deadline = time.time() + 150
while ctx is None:
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
    except Exception:
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            sys.exit("LibreOffice did not start (exit %s)" % proc.poll())
        time.sleep(0.5)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(src)), "_blank", 0, (prop("Hidden", True),))
args = [prop("FilterName", filt)]
if crypto == "rc4":
    args.append(prop("Password", pw))
else:
    args.append(prop("EncryptionData", uno.Any("[]com.sun.star.beans.NamedValue", (named("OOXPassword", pw), named("CryptoType", crypto)))))
uno.invoke(doc, "storeToURL", (uno.systemPathToFileUrl(os.path.abspath(dst)), tuple(args)))
doc.close(True)
try: desktop.terminate()
except Exception: pass
proc.wait(timeout=30)
shutil.rmtree(profile, ignore_errors=True)
